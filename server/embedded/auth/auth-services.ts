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
  /**
   * GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION (`secure_password_change`): a new
   * password needs a sign-in of the last 24 hours (password-change.ts). On unless set to false.
   */
  securePasswordChange?: boolean;
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
  /** The clock of the rate limits, the reuse interval and link expiry; tests move it by hand. */
  now?: () => number;
  /**
   * GoTrue with MAILER_AUTOCONFIRM off: sign-ups wait for the link of a confirmation email, which
   * is written to an outbox folder. Absent or null (the default): sign-ups are confirmed at once.
   */
  emailConfirmation?: EmailConfirmationOptions | null;
  /** GoTrue's SITE_URL: where confirmation links lead by default. Absent: this server's own origin. */
  siteUrl?: string | null;
  /** GoTrue's URI_ALLOW_LIST: other `redirect_to` URLs links may lead to (globs). */
  uriAllowList?: readonly string[];
  /** Seconds an auth code may wait for its exchange, from the sign-up (GoTrue's 300, its minimum). */
  flowStateExpiry?: number;
  /** Where operational lines go (the outbox path of each email); default console.warn. */
  log?: (message: string) => void;
}

export interface EmailConfirmationOptions {
  /** Where "sent" emails are written as .eml files (DATA_DIR/outbox under npm start). */
  outboxDir: string;
  /** Seconds a confirmation link stays valid (GoTrue's MAILER_OTP_EXP, 86400). */
  linkExpiry?: number;
  /** Seconds before another email may go to the same user (GoTrue's SMTP_MAX_FREQUENCY, 60). */
  maxFrequency?: number;
}

/** What the route handlers share: the database, the limiters, the hash queue and session issuing. */
export interface AuthServices {
  db: Database;
  options: AuthOptions;
  now: () => number;
  tokenLimiter: RateLimiter;
  signupLimiter: RateLimiter;
  userUpdateLimiter: RateLimiter;
  verifyLimiter: RateLimiter;
  recoverLimiter: RateLimiter;
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
    // GoTrue limits /verify on its own (RATE_LIMIT_VERIFY, 30 per 5 minutes like sign-ups).
    verifyLimiter: limiter(options.signupRateLimit),
    // Password-reset requests send email: their own bucket, at the sign-up rate.
    recoverLimiter: limiter(options.signupRateLimit),
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
