import type { Context } from 'hono';
import { createUser } from './accounts.ts';
import type { AuthServices } from './auth-services.ts';
import { confirmationSettings } from './confirmation.ts';
import { signUpAwaitingConfirmation } from './confirmation-sign-up.ts';
import { GoTrueError } from './gotrue-error.ts';
import { hashPassword } from './password-hash.ts';
import { readPkceParams } from './pkce.ts';
import { objectField, readJsonBody, stringField } from './request-body.ts';
import {
  normaliseEmail,
  validateEmail,
  validateMetadata,
  validatePasswordStrength,
} from './validate-input.ts';

/**
 * POST /signup with GoTrue's checks and answers (internal/api/signup.go and api.go). The per-IP
 * sign-up limit is taken first, synchronously, so a flood is refused before any parsing or hashing.
 */
export async function signUpRoute(c: Context, auth: AuthServices): Promise<Response> {
  const client = auth.limit(c, auth.signupLimiter);
  const body = await readJsonBody(c);
  const rawEmail = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  const metadata = objectField(body, 'data') ?? {};
  if (rawEmail === '' && phone === '') {
    // GoTrue treats a sign-up without email or phone as an anonymous sign-in, which is off here.
    throw new GoTrueError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (password === '') throw new GoTrueError(400, 'validation_failed', 'Signup requires a valid password');
  validatePasswordStrength(password, auth.options.passwordMinLength);
  if (rawEmail !== '' && phone !== '') {
    throw new GoTrueError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  const pkce = readPkceParams(
    stringField(body, 'code_challenge'),
    stringField(body, 'code_challenge_method'),
  );
  if (rawEmail === '') throw new GoTrueError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = normaliseEmail(rawEmail);
  validateEmail(email);
  validateMetadata(metadata);
  const passwordHash = await auth.hashQueue.run(client, () => hashPassword(password));
  const confirmation = confirmationSettings(auth.options);
  if (confirmation) {
    return c.json(
      await signUpAwaitingConfirmation(c, auth, confirmation, {
        email,
        passwordHash,
        userMetadata: metadata,
        pkce,
      }),
    );
  }
  // Confirmed at once (GoTrue's MAILER_AUTOCONFIRM): a PKCE challenge has nothing to wait for.
  const user = await createUser(auth.db, { email, passwordHash, userMetadata: metadata });
  if (!user) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
  return c.json(await auth.newSession(c, user));
}
