/** Which of the two image formats a PDF embeds natively the bytes are, by their signature. */
export function photoKind(bytes: Uint8Array): 'jpeg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'png';
  return null;
}

/** Up to two initials of a name ("Ada Lovelace" → "AL", "plato" → "P"), for an author with no photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  const picked = words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0]);
  return picked.toLocaleUpperCase();
}
