import { storageErrors } from './storage-error.ts';

/**
 * The longest a signed URL may live: a year, in seconds. Supabase Storage asks for a whole number
 * of at least 1 and caps it only where a JWT expiry stops being a safe integer (assertValid-
 * NumericJWTExpiration in src/internal/auth/jwt.ts), which lets a link outlive every key rotation
 * and overflows a JavaScript Date (`Expires: Invalid Date`). A link is the permission to the
 * object for whoever holds it, so the embedded server refuses longer lifetimes instead
 * (docs/wire-formats.md §9). The app asks for a day.
 */
export const maxSignedUrlSeconds = 365 * 24 * 60 * 60;

/** `expiresIn` of a sign request: a whole number of seconds from 1 to a year, else 400 InvalidParameter. */
export function signedUrlLifetime(body: unknown): number {
  const expiresIn = (body as { expiresIn?: unknown } | null)?.expiresIn;
  if (
    typeof expiresIn !== 'number' ||
    !Number.isInteger(expiresIn) ||
    expiresIn < 1 ||
    expiresIn > maxSignedUrlSeconds
  )
    throw storageErrors.invalidParameter(
      `body/expiresIn must be a whole number of seconds from 1 to ${maxSignedUrlSeconds}`,
    );
  return expiresIn;
}

/**
 * The `Expires` header of a signed URL's answer, or null when the token's expiry is no date an HTTP
 * header can carry (a token signed before the cap, or with a huge `exp`): an invalid date is never sent.
 */
export function expiresHeader(exp: unknown): string | null {
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  const date = new Date(exp * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toUTCString();
}
