import type { Database } from '../db/database.ts';
import { GoTrueError } from './gotrue-error.ts';
import { verifyPassword } from './password-hash.ts';
import type { UserRow } from './user-json.ts';

/** How recent a sign-in must be to change the password without reauthenticating (GoTrue: 24 h). */
export const recentSignInMs = 24 * 60 * 60 * 1000;

/**
 * GoTrue's UserUpdate password rules with SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION on
 * (`secure_password_change`, internal/api/user.go): a new password needs a session signed in within
 * the last 24 hours, else 400 `reauthentication_needed`, so a token taken from an old session
 * cannot lock the owner out. GoTrue also accepts a nonce from GET /reauthenticate, which emails or
 * texts a code; the embedded server sends no such codes, so every nonce is refused as GoTrue
 * refuses an unknown one, and the way forward is to sign in again. A recovery link signs in anew,
 * so the password-reset flow passes. As in GoTrue, the current password is refused as the new one.
 */
export async function checkPasswordChange(
  db: Database,
  input: {
    user: UserRow;
    sessionId: string | null;
    password: string;
    nonce: string;
    now: number;
    /** The secure-password-change setting; the same-password rule applies either way. */
    requireRecentSignIn: boolean;
  },
): Promise<void> {
  const signedInAt = input.sessionId ? await sessionStart(db, input.sessionId) : null;
  const recent = signedInAt !== null && input.now - signedInAt.getTime() <= recentSignInMs;
  if (input.requireRecentSignIn && !recent) {
    if (input.nonce === '')
      throw new GoTrueError(400, 'reauthentication_needed', 'Password update requires reauthentication');
    throw new GoTrueError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
  }
  if (await verifyPassword(input.password, input.user.encrypted_password))
    throw new GoTrueError(422, 'same_password', 'New password should be different from the old password.');
}

async function sessionStart(db: Database, sessionId: string): Promise<Date | null> {
  const { rows } = await db.query<{ created_at: Date }>(
    'select created_at from auth.sessions where id = $1',
    [sessionId],
  );
  return rows[0]?.created_at ?? null;
}
