import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/open-database.ts';
import type { UserRow } from './user-json.ts';

/** Refresh tokens are stored only as SHA-256 digests, so a copy of the database cannot be replayed. */
const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('select * from auth.users where email = $1', [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] ?? null;
}

/** Creates a confirmed user (the embedded server auto-confirms: it sends no email); null if the email is taken. */
export async function createUser(
  db: Database,
  input: { email: string; passwordHash: string; userMetadata: Record<string, unknown> },
): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, $2, now(), $3, $4)
     on conflict (email) do nothing
     returning *`,
    [input.email, input.passwordHash, { provider: 'email', providers: ['email'] }, input.userMetadata],
  );
  return rows[0] ?? null;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: { passwordHash?: string; userMetadata?: Record<string, unknown> },
): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `update auth.users
        set encrypted_password = coalesce($2, encrypted_password),
            raw_user_meta_data = case when $3::jsonb is null then raw_user_meta_data else raw_user_meta_data || $3::jsonb end,
            updated_at = now()
      where id = $1
      returning *`,
    [id, changes.passwordHash ?? null, changes.userMetadata ?? null],
  );
  return rows[0] ?? null;
}

export async function sessionExists(db: Database, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}

/** Starts a session for a successful sign-in and returns its first refresh token. */
export async function startSession(db: Database, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [userId]);
    const sessionId = (rows[0] as { id: string }).id;
    const refreshToken = newRefreshToken();
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
      digest(refreshToken),
      userId,
      sessionId,
    ]);
    await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
    return { sessionId, refreshToken };
  });
}

export type RotationResult =
  | { ok: true; user: UserRow; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'not_found' | 'already_used' };

/**
 * Exchanges a refresh token for its single-use successor. Presenting a token that was already
 * exchanged is treated as theft (as GoTrue does outside its reuse window): the whole session ends.
 */
export async function rotateRefreshToken(db: Database, presented: string): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; revoked: boolean; session_id: string; user_id: string }>(
      'select id, revoked, session_id, user_id from auth.refresh_tokens where token = $1 for update',
      [digest(presented)],
    );
    const current = rows[0];
    if (!current) return { ok: false, reason: 'not_found' } as const;
    if (current.revoked) {
      await tx.query('delete from auth.sessions where id = $1', [current.session_id]);
      return { ok: false, reason: 'already_used' } as const;
    }
    const refreshToken = newRefreshToken();
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [current.id]);
    await tx.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
      [digest(refreshToken), current.user_id, current.session_id, String(current.id)],
    );
    await tx.query('update auth.sessions set updated_at = now() where id = $1', [current.session_id]);
    const user = (await tx.query<UserRow>('select * from auth.users where id = $1', [current.user_id])).rows[0];
    if (!user) return { ok: false, reason: 'not_found' } as const;
    return { ok: true, user, sessionId: current.session_id, refreshToken } as const;
  });
}

/** Ends sessions (and with them their refresh tokens): `local` this one, `others` all but this one, `global` all. */
export async function endSessions(
  db: Database,
  userId: string,
  sessionId: string | null,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  }
}

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}
