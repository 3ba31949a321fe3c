import type { Context } from 'hono';
import type { Database } from '../db/database.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { verifyInstallToken } from '../keys/verify-token.ts';
import { findUserById, sessionExists } from './accounts.ts';
import { clientAddress } from './client-address.ts';
import { FairLimiter } from '../scheduling/fair-limiter.ts';
import { GoTrueError, rateLimitError } from './gotrue-error.ts';
import { sessionJson } from './issue-session.ts';
import { RateLimiter } from './rate-limiter.ts';
import { refreshTokenChainKey, startSession } from './refresh-tokens.ts';
import type { UserRow } from './user-json.ts';

export interface AuthOptions {
  db: Database;
  keys: ProjectKeys;
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry: number;
  passwordMinLength: number;
  /** Requests to /token (password sign-ins and refreshes) per client IP per 5 minutes: GoTrue's RATE_LIMIT_TOKEN_REFRESH. */
  tokenRateLimit: number;
  /** Sign-ups (and user updates) per client IP per 5 minutes: GoTrue's RATE_LIMIT_OTP, which drives its sign-up limiter. */
  signupRateLimit: number;
  /** Requests an idle client may send at once before the rate applies (GoTrue fixes its buckets at 30). */
  rateLimitBurst: number;
  /** A header set by a trusted reverse proxy that carries the client IP (GoTrue's RATE_LIMIT_HEADER); null: the socket's peer. */
  rateLimitHeader: string | null;
  /** Seconds a refresh token may be exchanged again after its first use (GoTrue's SECURITY_REFRESH_TOKEN_REUSE_INTERVAL). */
  refreshTokenReuseInterval: number;
  /** Password hashes computed at once; others wait, taking turns between client IPs. */
  passwordHashConcurrency: number;
  /** The clock of the rate limits and the reuse interval; tests move it by hand. */
  now?: () => number;
}

/** What the route handlers share: the database, the limiters, the hash queue and session issuing. */
export interface AuthServices {
  db: Database;
  options: AuthOptions;
  now: () => number;
  tokenLimiter: RateLimiter;
  signupLimiter: RateLimiter;
  userUpdateLimiter: RateLimiter;
  hashQueue: FairLimiter;
  refreshChainKey: Buffer;
  /** The client's address as the per-IP limits and the hash queue count it. */
  clientKey(c: Context): string;
  /** Takes a slot from `limiter` for this client, synchronously, or throws GoTrue's 429. */
  limit(c: Context, limiter: RateLimiter): string;
  newSession(c: Context, user: UserRow): Promise<Record<string, unknown>>;
  sessionResponse(
    c: Context,
    session: { user: UserRow; sessionId: string; refreshToken: string },
  ): Promise<Record<string, unknown>>;
  authenticate(c: Context): Promise<{ user: UserRow; sessionId: string | null }>;
}

export function createAuthServices(options: AuthOptions): AuthServices {
  const { db, keys } = options;
  const now = options.now ?? Date.now;
  const limiter = (rate: number) => new RateLimiter(rate, options.rateLimitBurst, now);
  const issuer = (c: Context) => `${new URL(c.req.url).origin}/auth/v1`;

  const services: AuthServices = {
    db,
    options,
    now,
    tokenLimiter: limiter(options.tokenRateLimit),
    signupLimiter: limiter(options.signupRateLimit),
    // GoTrue gives PUT /user its own bucket at the same rate as sign-ups (its "User" limiter).
    userUpdateLimiter: limiter(options.signupRateLimit),
    hashQueue: new FairLimiter(options.passwordHashConcurrency),
    // Installs from before the signing keys keep deriving from their legacy secret: no chain breaks.
    refreshChainKey: refreshTokenChainKey(keys.legacy?.jwtSecret ?? keys.installSecret),

    clientKey: (c) => clientAddress(c, options.rateLimitHeader),

    limit(c, rateLimiter) {
      const key = services.clientKey(c);
      const waitMs = rateLimiter.take(key);
      if (waitMs > 0) throw rateLimitError(waitMs);
      return key;
    },

    async newSession(c, user) {
      const { sessionId, refreshToken } = await startSession(db, user.id);
      const fresh = (await findUserById(db, user.id)) ?? user;
      return services.sessionResponse(c, { user: fresh, sessionId, refreshToken });
    },

    sessionResponse: (c, session) =>
      sessionJson({ ...session, signing: keys.signing, expiresIn: options.jwtExpiry, issuer: issuer(c) }),

    /** GoTrue's requireAuthentication: a valid user access token whose session still exists. */
    async authenticate(c) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
      if (!match?.[1])
        throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
      const verified = await verifyInstallToken(keys, match[1]);
      if (!verified.ok) {
        const reason =
          verified.reason === 'expired' ? 'token has invalid claims: token is expired' : 'token is malformed';
        throw new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
      }
      const sub = verified.claims.sub;
      if (typeof sub !== 'string' || sub === '')
        throw new GoTrueError(403, 'bad_jwt', 'invalid claim: missing sub claim');
      const user = await findUserById(db, sub);
      if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      const sessionId = typeof verified.claims.session_id === 'string' ? verified.claims.session_id : null;
      if (sessionId && !(await sessionExists(db, sessionId))) {
        throw new GoTrueError(
          403,
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        );
      }
      return { user, sessionId };
    },
  };
  return services;
}
