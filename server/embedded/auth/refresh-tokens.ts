import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { UserRow } from './user-json.ts';

/**
 * Refresh tokens are stored only as SHA-256 digests, so a copy of the database cannot be replayed.
 * Each successor is derived from its parent (an HMAC under a key from the install's secret), so
 * the server can hand a client the session's current token again when GoTrue's rules allow,
 * without storing any token in a form that could be used.
 */
const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export function refreshTokenChainKey(jwtSecret: Uint8Array): Buffer {
  return Buffer.from(
    hkdfSync('sha256', jwtSecret, new Uint8Array(0), 'embedded-gotrue refresh token chain', 32),
  );
}

const successorOf = (token: string, chainKey: Buffer): string =>
  createHmac('sha256', chainKey).update(token).digest('base64url');

/** Starts a session for a successful sign-in and returns its first refresh token. */
export async function startSession(
  db: Database,
  userId: string,
): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'insert into auth.sessions (user_id) values ($1) returning id',
      [userId],
    );
    const sessionId = (rows[0] as { id: string }).id;
    const refreshToken = randomBytes(24).toString('base64url');
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
      digest(refreshToken),
      userId,
      sessionId,
    ]);
    await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [
      userId,
    ]);
    return { sessionId, refreshToken };
  });
}

export type RotationResult =
  | { ok: true; user: UserRow; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'not_found' | 'already_used' };

interface TokenRow {
  id: string;
  token: string;
  parent: string | null;
  revoked: boolean;
  session_id: string;
  user_id: string;
  updated_at: Date;
}

export interface RotationOptions {
  chainKey: Buffer;
  /** GoTrue's SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, in milliseconds. */
  reuseIntervalMs: number;
  now: number;
}

/**
 * Exchanges a refresh token, following GoTrue's RefreshTokenGrant (internal/tokens/service.go):
 * - an active token is revoked and its successor issued;
 * - a revoked token whose successor is the session's active token gets that active token back
 *   (the client never stored the answer to its last refresh), at any time;
 * - a revoked token exchanged within the reuse interval (counted from when it was exchanged)
 *   gets the session's active token: concurrent refreshes from several tabs all succeed;
 * - any other reuse is treated as theft: the session ends, and with it every token of it.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  options: RotationOptions,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      'select id, token, parent, revoked, session_id, user_id, updated_at from auth.refresh_tokens where token = $1 for update',
      [digest(presented)],
    );
    const current = rows[0];
    if (!current) return { ok: false, reason: 'not_found' } as const;

    let refreshToken: string;
    if (!current.revoked) {
      refreshToken = successorOf(presented, options.chainKey);
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [
        current.id,
        new Date(options.now),
      ]);
      await tx.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
        [digest(refreshToken), current.user_id, current.session_id, String(current.id)],
      );
    } else {
      const session = (
        await tx.query<TokenRow>(
          'select id, token, parent, revoked from auth.refresh_tokens where session_id = $1 order by id',
          [current.session_id],
        )
      ).rows;
      const active = activeTokenFrom(presented, session, options.chainKey);
      const withinInterval = options.now < current.updated_at.getTime() + options.reuseIntervalMs;
      const isParentOfActive = active !== null && active.row.parent === String(current.id);
      if (!active || !(isParentOfActive || withinInterval)) {
        await tx.query('delete from auth.sessions where id = $1', [current.session_id]);
        return { ok: false, reason: 'already_used' } as const;
      }
      refreshToken = active.token;
    }
    await tx.query('update auth.sessions set updated_at = now() where id = $1', [current.session_id]);
    const user = (await tx.query<UserRow>('select * from auth.users where id = $1', [current.user_id]))
      .rows[0];
    if (!user) return { ok: false, reason: 'not_found' } as const;
    return { ok: true, user, sessionId: current.session_id, refreshToken } as const;
  });
}

/**
 * Follows successors from `presented` through the session's tokens to its active (newest
 * unrevoked) one, and returns that token in the clear. Null when the chain breaks, which only
 * happens if the install's secret changed since the tokens were issued.
 */
function activeTokenFrom(
  presented: string,
  session: TokenRow[],
  chainKey: Buffer,
): { token: string; row: TokenRow } | null {
  const byDigest = new Map(session.map((row) => [row.token, row]));
  let token = presented;
  for (let step = 0; step < session.length; step += 1) {
    token = successorOf(token, chainKey);
    const row = byDigest.get(digest(token));
    if (!row) return null;
    if (!row.revoked) return { token, row };
  }
  return null;
}
