/** Pieces of a binary fixture: text (one byte per character, so '\xff' is 0xFF), byte lists or arrays. */
export type Part = string | number[] | Uint8Array;

/** Concatenates parts into one byte array (image fixtures built by hand in tests). */
export function bytes(...parts: Part[]): Uint8Array<ArrayBuffer> {
  const arrays = parts.map((part) =>
    typeof part === 'string' ? Uint8Array.from(part, (char) => char.charCodeAt(0)) : Uint8Array.from(part),
  );
  const out = new Uint8Array(arrays.reduce((total, array) => total + array.length, 0));
  let at = 0;
  for (const array of arrays) {
    out.set(array, at);
    at += array.length;
  }
  return out;
}

export const be16 = (value: number): number[] => [(value >> 8) & 0xff, value & 0xff];
export const be32 = (value: number): number[] => [
  ...be16(Math.floor(value / 0x10000)),
  ...be16(value % 0x10000),
];
