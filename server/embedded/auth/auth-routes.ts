import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/open-database.ts';
import { requireApiKey } from '../gateway/api-key.ts';
import { verifyJwt } from '../keys/jwt.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import {
  createUser,
  endSessions,
  findUserByEmail,
  findUserById,
  rotateRefreshToken,
  sessionExists,
  startSession,
  updateUser,
} from './accounts.ts';
import { GoTrueError, gotrueApiVersion, gotrueErrorResponse } from './gotrue-error.ts';
import { sessionJson } from './issue-session.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { FailureLimiter } from './sign-in-limiter.ts';
import { userJson, type UserRow } from './user-json.ts';

export interface AuthOptions {
  db: Database;
  keys: ProjectKeys;
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry: number;
  passwordMinLength: number;
  /** Failed password sign-ins allowed per email and per IP address within `signInWindowMs`. */
  maxFailedSignInsPerEmail: number;
  maxFailedSignInsPerIp: number;
  signInWindowMs: number;
}

const maxPasswordLength = 72;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The part of Supabase Auth (GoTrue) that supabase-js uses for email and password accounts. */
export function createAuthRoutes(options: AuthOptions): Hono {
  const { db, keys } = options;
  const byEmail = new FailureLimiter(options.maxFailedSignInsPerEmail, options.signInWindowMs);
  const byIp = new FailureLimiter(options.maxFailedSignInsPerIp, options.signInWindowMs);
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Supabase-Api-Version', gotrueApiVersion);
  });
  app.use('*', requireApiKey(keys));
  app.use('*', bodyLimit({ maxSize: 16 * 1024, onError: () => gotrueErrorResponse(new GoTrueError(413, 'request_too_large', 'Request body is too large')) }));
  app.onError((error) => {
    if (error instanceof GoTrueError) return gotrueErrorResponse(error);
    console.error('auth: unexpected error', error);
    return gotrueErrorResponse(new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });

  app.get('/health', (c) => c.json({ version: 'embedded', name: 'GoTrue', description: 'Embedded Supabase Auth for email and password' }));

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => {
    const body = await readBody(c);
    const email = normaliseEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    if (typeof body.phone === 'string' && body.phone !== '') {
      throw new GoTrueError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    }
    validatePassword(password, options.passwordMinLength, 'Signup requires a valid password');
    validateEmail(email);
    const metadata = isObject(body.data) ? body.data : {};
    const user = await createUser(db, { email, passwordHash: await hashPassword(password), userMetadata: metadata });
    if (!user) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
    return c.json(await newSession(c, user));
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    const body = await readBody(c);
    if (grantType === 'password') return c.json(await passwordGrant(c, body));
    if (grantType === 'refresh_token') return c.json(await refreshGrant(c, body));
    throw new GoTrueError(400, 'validation_failed', 'unsupported_grant_type');
  });

  app.get('/user', async (c) => {
    const { user } = await authenticate(c);
    return c.json(userJson(user));
  });

  app.put('/user', async (c) => {
    const { user } = await authenticate(c);
    const body = await readBody(c);
    if (typeof body.email === 'string' && normaliseEmail(body.email) !== user.email) {
      throw new GoTrueError(422, 'email_change_not_supported', 'Changing the email address is not supported by this server');
    }
    let passwordHash: string | undefined;
    if (body.password !== undefined) {
      const password = typeof body.password === 'string' ? body.password : '';
      validatePassword(password, options.passwordMinLength, 'Password update requires a valid password');
      passwordHash = await hashPassword(password);
    }
    const updated = await updateUser(db, user.id, {
      ...(passwordHash ? { passwordHash } : {}),
      ...(isObject(body.data) ? { userMetadata: body.data } : {}),
    });
    return c.json(userJson(updated ?? user));
  });

  app.post('/logout', async (c) => {
    const { user, sessionId } = await authenticate(c);
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new GoTrueError(400, 'validation_failed', 'Unsupported logout scope');
    }
    await endSessions(db, user.id, sessionId, scope);
    return c.body(null, 204);
  });

  app.all('*', () => {
    throw new GoTrueError(404, 'not_found', 'This endpoint is not supported by the embedded auth server');
  });

  async function passwordGrant(c: Context, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const email = normaliseEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    if (email === '') throw new GoTrueError(400, 'validation_failed', 'missing email or phone');
    const ip = clientAddress(c);
    const wait = Math.max(byEmail.retryAfterMs(email), byIp.retryAfterMs(ip));
    if (wait > 0) {
      throw new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, {
        'Retry-After': String(Math.ceil(wait / 1000)),
      });
    }
    const user = await findUserByEmail(db, email);
    const valid = await verifyPassword(password, user?.encrypted_password ?? null);
    if (!user || !valid) {
      byEmail.recordFailure(email);
      byIp.recordFailure(ip);
      throw new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    byEmail.reset(email);
    return newSession(c, user);
  }

  async function refreshGrant(c: Context, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (token === '') throw new GoTrueError(400, 'validation_failed', 'refresh_token required');
    const rotated = await rotateRefreshToken(db, token);
    if (!rotated.ok) {
      throw rotated.reason === 'already_used'
        ? new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
        : new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    return sessionJson({ ...rotated, secret: keys.jwtSecret, expiresIn: options.jwtExpiry, issuer: issuer(c) });
  }

  async function newSession(c: Context, user: UserRow): Promise<Record<string, unknown>> {
    const { sessionId, refreshToken } = await startSession(db, user.id);
    const fresh = (await findUserById(db, user.id)) ?? user;
    return sessionJson({ user: fresh, sessionId, refreshToken, secret: keys.jwtSecret, expiresIn: options.jwtExpiry, issuer: issuer(c) });
  }

  /** GoTrue's requireAuthentication: a valid user access token whose session still exists. */
  async function authenticate(c: Context): Promise<{ user: UserRow; sessionId: string | null }> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1]) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const verified = await verifyJwt(match[1], keys.jwtSecret);
    if (!verified.ok) {
      const reason = verified.reason === 'expired' ? 'token has invalid claims: token is expired' : 'token is malformed';
      throw new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    const sub = verified.claims.sub;
    if (typeof sub !== 'string' || sub === '') throw new GoTrueError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const user = await findUserById(db, sub);
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = typeof verified.claims.session_id === 'string' ? verified.claims.session_id : null;
    if (sessionId && !(await sessionExists(db, sessionId))) {
      throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, sessionId };
  }

  return app;
}

async function readBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (isObject(parsed)) return parsed;
  } catch {
    // fall through to the error below
  }
  throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normaliseEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

function validateEmail(email: string): void {
  if (email === '') throw new GoTrueError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255) throw new GoTrueError(400, 'validation_failed', 'An email address is too long');
  if (!emailPattern.test(email)) throw new GoTrueError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
}

function validatePassword(password: string, minLength: number, missingMessage: string): void {
  if (password === '') throw new GoTrueError(422, 'validation_failed', missingMessage);
  if (password.length < minLength) {
    throw new GoTrueError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (password.length > maxPasswordLength) {
    throw new GoTrueError(422, 'validation_failed', `Password cannot be longer than ${maxPasswordLength} characters`);
  }
}

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function issuer(c: Context): string {
  return `${new URL(c.req.url).origin}/auth/v1`;
}
