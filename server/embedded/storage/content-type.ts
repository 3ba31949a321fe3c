import { storageErrors } from './storage-error.ts';

/** The image formats the server can recognise by their bytes (the app's post images accept these). */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

/** Each format's magic bytes as (offset, bytes) pairs that must all match. */
const signatures: readonly (readonly [ImageType, readonly (readonly [number, Uint8Array])[]])[] = [
  ['image/png', [[0, ascii('\x89PNG\r\n\x1a\n')]]],
  ['image/jpeg', [[0, ascii('\xff\xd8\xff')]]],
  ['image/gif', [[0, ascii('GIF87a')]]],
  ['image/gif', [[0, ascii('GIF89a')]]],
  [
    'image/webp',
    [
      [0, ascii('RIFF')],
      [8, ascii('WEBP')],
    ],
  ],
];

/** The image format the bytes are, from their magic bytes alone; null if none of ours. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const matches = (offset: number, magic: Uint8Array) =>
    bytes.length >= offset + magic.length && magic.every((byte, index) => bytes[offset + index] === byte);
  for (const [type, parts] of signatures) {
    if (parts.every(([offset, magic]) => matches(offset, magic))) return type;
  }
  return null;
}

// RFC 9110 media type: type "/" subtype *( OWS ";" OWS parameter ), a parameter being
// token "=" ( token / quoted-string ).
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const parameter = `\\s*;\\s*${token}=(?:${token}|"(?:[^"\\\\\\x00-\\x1f\\x7f]|\\\\.)*")`;
const mediaTypePattern = new RegExp(`^\\s*(${token}/${token})((?:${parameter})*)\\s*$`);

/** The `type/subtype` of a well-formed media type, lower-cased; null when it is not one. */
export function mediaTypeEssence(value: string): string | null {
  return mediaTypePattern.exec(value)?.[1]?.toLowerCase() ?? null;
}

/**
 * The type an upload is stored and served under. A browser trusts this header when it shows the
 * object, and the embedded server serves objects from the app's own origin, so the declared type
 * is not taken at its word: a malformed type (`image/webp;text/html`) is refused, bytes of one of
 * our image formats are stored as that format whatever was declared, and an `image/*` type whose
 * bytes are none of them (HTML named .png, SVG with a script) is refused. Other types keep their
 * essence without parameters, for the bucket's allowed types to judge.
 */
export function cleanContentType(declared: string, bytes: Uint8Array): string {
  const essence = mediaTypeEssence(declared);
  if (essence === null) throw storageErrors.invalidMimeType(declared);
  const detected = sniffImageType(bytes);
  if (detected) return detected;
  if (signatures.some(([type]) => type === essence)) throw storageErrors.contentMismatch(essence);
  if (essence.startsWith('image/')) throw storageErrors.invalidMimeType(essence);
  return essence;
}
