import type { Context } from 'hono';
import { findUserByEmail } from './accounts.ts';
import type { AuthServices } from './auth-services.ts';
import { GoTrueError } from './gotrue-error.ts';
import { verifyPassword } from './password-hash.ts';
import { pkceGrant } from './pkce-grant.ts';
import { readJsonBody, stringField } from './request-body.ts';
import { rotateRefreshToken } from './refresh-tokens.ts';
import { isWellFormedEmail, normaliseEmail } from './validate-input.ts';

const invalidLogin = () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');

// Our tokens are base64url; GoTrue refuses anything shorter than 12 characters the same way.
const refreshTokenFormat = /^[A-Za-z0-9_-]{12,128}$/;

/**
 * POST /token, in GoTrue's order (internal/api/token.go): the grant type first (an unknown one is
 * 400 `invalid_credentials` "unsupported_grant_type"), then the per-IP limit shared by all grants,
 * taken before the body is even read, then the grant itself.
 */
export async function tokenRoute(c: Context, auth: AuthServices): Promise<Response> {
  const grantType = c.req.query('grant_type') ?? '';
  if (grantType !== 'password' && grantType !== 'refresh_token' && grantType !== 'pkce') {
    throw new GoTrueError(400, 'invalid_credentials', 'unsupported_grant_type');
  }
  const client = auth.limit(c, auth.tokenLimiter);
  if (grantType === 'pkce') return c.json(await pkceGrant(c, auth));
  return c.json(
    grantType === 'password' ? await passwordGrant(c, auth, client) : await refreshGrant(c, auth),
  );
}

/** GoTrue's ResourceOwnerPasswordGrant for email accounts (phone logins are disabled here). */
async function passwordGrant(
  c: Context,
  auth: AuthServices,
  client: string,
): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  const rawEmail = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  if (rawEmail !== '' && phone !== '') {
    throw new GoTrueError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (rawEmail === '') {
    if (phone !== '') throw new GoTrueError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    throw new GoTrueError(400, 'validation_failed', 'missing email or phone');
  }
  const email = normaliseEmail(rawEmail);
  // No account can have a malformed email (sign-up refuses it), so it is not looked up: a NUL byte
  // or a 10 kB string never reaches SQL.
  const user = isWellFormedEmail(email) ? await findUserByEmail(auth.db, email) : null;
  // Unknown accounts cost the same hash as wrong passwords, so timing does not reveal which it was.
  const valid = await auth.hashQueue.run(client, () =>
    verifyPassword(password, user?.encrypted_password ?? null),
  );
  if (!user || !valid) throw invalidLogin();
  // After the password check, as GoTrue: only the account's owner learns it awaits confirmation.
  if (!user.email_confirmed_at) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
  return auth.newSession(c, user);
}

async function refreshGrant(c: Context, auth: AuthServices): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  const token = stringField(body, 'refresh_token');
  if (!refreshTokenFormat.test(token))
    throw new GoTrueError(400, 'validation_failed', 'Refresh token is not valid');
  const rotated = await rotateRefreshToken(auth.db, token, {
    chainKey: auth.refreshChainKey,
    reuseIntervalMs: auth.options.refreshTokenReuseInterval * 1000,
    now: auth.now(),
  });
  if (!rotated.ok) {
    throw rotated.reason === 'already_used'
      ? new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
      : new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  return auth.sessionResponse(c, rotated);
}
