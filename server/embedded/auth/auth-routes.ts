import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireApiKey } from '../gateway/api-key.ts';
import { endSessions, updateUser } from './accounts.ts';
import { createAuthServices, type AuthOptions } from './auth-services.ts';
import { GoTrueError, gotrueApiVersion, gotrueErrorResponse } from './gotrue-error.ts';
import { checkPasswordChange } from './password-change.ts';
import { hashPassword } from './password-hash.ts';
import { maxBodyBytes, objectField, readJsonBody, stringField } from './request-body.ts';
import { recoverRoute } from './recover-route.ts';
import { signUpRoute } from './sign-up.ts';
import { tokenRoute } from './token-grants.ts';
import { verifyRoute } from './verify-route.ts';
import { unexpectedFailure } from './unexpected-error.ts';
import { userJson } from './user-json.ts';
import { normaliseEmail, validateMetadata, validatePasswordStrength } from './validate-input.ts';

export type { AuthOptions } from './auth-services.ts';

/** The part of Supabase Auth (GoTrue) that supabase-js uses for email and password accounts. */
export function createAuthRoutes(options: AuthOptions): Hono {
  const auth = createAuthServices(options);
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Supabase-Api-Version', gotrueApiVersion);
  });
  // The public half of the signing keys, as Supabase Auth serves it (auth-js getClaims() fetches the
  // first path): public, so it answers without an API key, and caches like the real one.
  const jwks = (c: Context) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(options.keys.jwks);
  };
  app.get('/.well-known/jwks.json', jwks);
  app.get('/jwks', jwks);
  // Supabase's gateway lets GET /verify through without an API key: it is opened from an email.
  const apiKey = requireApiKey(options.keys);
  app.use('*', (c, next) =>
    c.req.method === 'GET' && c.req.path.endsWith('/verify') ? next() : apiKey(c, next),
  );
  app.use(
    '*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () =>
        gotrueErrorResponse(
          new GoTrueError(
            413,
            'request_entity_too_large',
            `Request body too large (max ${maxBodyBytes} bytes)`,
          ),
        ),
    }),
  );
  app.onError((error) =>
    gotrueErrorResponse(error instanceof GoTrueError ? error : unexpectedFailure(error)),
  );

  app.get('/health', (c) =>
    c.json({
      version: 'embedded',
      name: 'GoTrue',
      description: 'Embedded Supabase Auth for email and password',
    }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: !options.emailConfirmation,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', (c) => signUpRoute(c, auth));
  app.post('/token', (c) => tokenRoute(c, auth));
  app.post('/recover', (c) => recoverRoute(c, auth));
  app.get('/verify', (c) => verifyRoute(c, auth));

  app.get('/user', async (c) => {
    const { user } = await auth.authenticate(c);
    return c.json(userJson(user));
  });

  app.put('/user', async (c) => {
    const client = auth.limit(c, auth.userUpdateLimiter);
    const { user, sessionId } = await auth.authenticate(c);
    const body = await readJsonBody(c);
    const email = stringField(body, 'email');
    if (email !== '' && normaliseEmail(email) !== user.email) {
      throw new GoTrueError(
        422,
        'email_change_not_supported',
        'Changing the email address is not supported by this server',
      );
    }
    const metadata = objectField(body, 'data');
    if (metadata) validateMetadata(metadata);
    let passwordHash: string | undefined;
    if (body.password !== undefined && body.password !== null) {
      const password = stringField(body, 'password');
      if (password === '')
        throw new GoTrueError(422, 'validation_failed', 'Password update requires a valid password');
      validatePasswordStrength(password, options.passwordMinLength);
      const change = {
        user,
        sessionId,
        password,
        nonce: stringField(body, 'nonce'),
        now: auth.now(),
        requireRecentSignIn: options.securePasswordChange !== false,
      };
      await auth.hashQueue.run(client, () => checkPasswordChange(options.db, change));
      passwordHash = await auth.hashQueue.run(client, () => hashPassword(password));
    }
    const updated = await updateUser(options.db, user.id, {
      ...(passwordHash ? { passwordHash } : {}),
      ...(metadata ? { userMetadata: metadata } : {}),
    });
    return c.json(userJson(updated ?? user));
  });

  app.post('/logout', async (c) => {
    const { user, sessionId } = await auth.authenticate(c);
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new GoTrueError(400, 'validation_failed', 'Unsupported logout scope');
    }
    await endSessions(options.db, user.id, sessionId, scope);
    return c.body(null, 204);
  });

  app.all('*', () => {
    throw new GoTrueError(404, 'not_found', 'This endpoint is not supported by the embedded auth server');
  });

  return app;
}
