import type { Database } from '../db/database.ts';
import type { UserRow } from './user-json.ts';

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
