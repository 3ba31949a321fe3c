import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AuthServices } from './auth-services.ts';
import { sendConfirmation, type ConfirmationSettings } from './confirmation.ts';
import { createFlowState, type PkceParams } from './pkce.ts';
import { redirectPolicy, redirectTarget } from './redirect-url.ts';
import { userJson, type UserRow } from './user-json.ts';

export interface PendingSignUp {
  email: string;
  passwordHash: string;
  userMetadata: Record<string, unknown>;
  pkce: PkceParams | null;
}

/**
 * POST /signup while confirmations are on (GoTrue's Signup with MAILER_AUTOCONFIRM off): the user
 * is created unconfirmed, a PKCE sign-up gets a flow state, and the confirmation email goes to the
 * outbox, all in one transaction. The answer is the bare user, with no session. Signing up again
 * before confirming sends a new link (at most one a minute) and changes nothing else, as GoTrue
 * cannot be sure who is asking.
 */
export async function signUpAwaitingConfirmation(
  c: Context,
  auth: AuthServices,
  settings: ConfirmationSettings,
  input: PendingSignUp,
): Promise<Record<string, unknown>> {
  const redirectTo = redirectTarget(c, redirectPolicy(c, auth.options));
  const verifyUrl = `${new URL(c.req.url).origin}/auth/v1/verify`;
  const now = new Date(auth.now());
  const pending = await auth.db.transaction(async (tx) => {
    const inserted = await tx.query<UserRow>(
      `insert into auth.users (email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
       values ($1, $2, $3, $4)
       on conflict (email) do nothing
       returning *`,
      [input.email, input.passwordHash, { provider: 'email', providers: ['email'] }, input.userMetadata],
    );
    let user = inserted.rows[0];
    if (!user) {
      const { rows } = await tx.query<UserRow>('select * from auth.users where email = $1 for update', [
        input.email,
      ]);
      user = rows[0];
      if (!user || user.email_confirmed_at) return null;
    }
    if (input.pkce) await createFlowState(tx, { userId: user.id, pkce: input.pkce, now });
    return sendConfirmation(tx, { user, pkce: input.pkce !== null, redirectTo, verifyUrl, now }, settings);
  });
  return pending ? userJson(pending) : obfuscatedUser(input, now);
}

/**
 * GoTrue's sanitizeUser: an account that is already confirmed gets a made-up, unconfirmed-looking
 * user (new id, no identities), so the answer does not reveal that the address is registered.
 */
function obfuscatedUser(input: PendingSignUp, now: Date): Record<string, unknown> {
  const time = now.toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email: input.email,
    phone: '',
    confirmation_sent_at: time,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: input.userMetadata,
    identities: [],
    created_at: time,
    updated_at: time,
    is_anonymous: false,
  };
}
