import { GoTrueError } from './gotrue-error.ts';
import type { JsonBody } from './request-body.ts';

/** GoTrue's MaxPasswordLength (password.go). */
export const maxPasswordBytes = 72;

// The format GoTrue checks (badoux/checkmail's ValidateFormat): ASCII local part, dot-separated
// domain labels of letters, digits and inner hyphens. It has no room for spaces or control characters.
const emailFormat =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

// NUL cannot be stored in Postgres text or jsonb (a 500 with the SQL parameters in the log, before);
// the other C0 controls have no place in user metadata either. Tab, LF and CR stay allowed.
function hasForbiddenControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** Emails are compared lower-cased (as GoTrue) and trimmed (supabase-js users paste addresses). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether `email` could belong to an account at all: sign-in skips the database lookup otherwise. */
export function isWellFormedEmail(email: string): boolean {
  return email.length <= 255 && emailFormat.test(email);
}

/** GoTrue's validateEmail (mail.go): 400 `validation_failed` with its messages. */
export function validateEmail(email: string): void {
  if (email === '') throw new GoTrueError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255) throw new GoTrueError(400, 'validation_failed', 'An email address is too long');
  if (!emailFormat.test(email))
    throw new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format');
}

/**
 * GoTrue's checkPasswordStrength (password.go): too long is 400, too short is 422 `weak_password`;
 * both lengths count UTF-8 bytes, as Go's len() does.
 */
export function validatePasswordStrength(password: string, minLength: number): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > maxPasswordBytes) {
    throw new GoTrueError(
      400,
      'validation_failed',
      `Password cannot be longer than ${maxPasswordBytes} characters`,
    );
  }
  if (bytes < minLength) {
    throw new GoTrueError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

/** User metadata is stored as jsonb: refuse NUL and control characters in any key or string value. */
export function validateMetadata(metadata: JsonBody): void {
  const pending: unknown[] = [metadata];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasForbiddenControl(value)) {
        throw new GoTrueError(
          400,
          'validation_failed',
          'User metadata cannot contain NUL or control characters',
        );
      }
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) pending.push(key, inner);
    }
  }
}
