import type { Context } from 'hono';
import { findUserByEmail } from './accounts.ts';
import type { AuthServices } from './auth-services.ts';
import {
  confirmationSettings,
  confirmationTokenDigest,
  describeDuration,
  newLinkToken,
  refuseTooSoon,
} from './confirmation.ts';
import { GoTrueError } from './gotrue-error.ts';
import { writeToOutbox } from './outbox.ts';
import { createFlowState, readPkceParams, recoveryMethod } from './pkce.ts';
import { redirectPolicy, redirectTarget } from './redirect-url.ts';
import { readJsonBody, stringField } from './request-body.ts';
import { normaliseEmail, validateEmail } from './validate-input.ts';

/**
 * POST /recover (GoTrue's Recover, internal/api/recover.go): sends a password-reset link. As in
 * GoTrue the answer is always `{}`, whether or not the address has an account, so it cannot be
 * used to find out who is registered; asking again within a minute is 429. A PKCE request keeps
 * its code challenge in a flow state, and the link brings the browser back with `?code=`.
 *
 * The embedded server "sends" email only while confirmations are on (to DATA_DIR/outbox); without
 * an outbox it answers the same and sends nothing, as GoTrue does without a mail server. The
 * owner then resets a password from the command line (`npm run reset-password`).
 */
export async function recoverRoute(c: Context, auth: AuthServices): Promise<Response> {
  auth.limit(c, auth.recoverLimiter);
  const body = await readJsonBody(c);
  const rawEmail = stringField(body, 'email');
  if (rawEmail === '') throw new GoTrueError(400, 'validation_failed', 'Password recovery requires an email');
  const email = normaliseEmail(rawEmail);
  validateEmail(email);
  const pkce = readPkceParams(
    stringField(body, 'code_challenge'),
    stringField(body, 'code_challenge_method'),
  );
  const settings = confirmationSettings(auth.options);
  const user = await findUserByEmail(auth.db, email);
  if (!user || !settings) return c.json({});

  const redirectTo = redirectTarget(c, redirectPolicy(c, auth.options));
  const verifyUrl = `${new URL(c.req.url).origin}/auth/v1/verify`;
  const now = new Date(auth.now());
  const token = newLinkToken(pkce !== null);
  await auth.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ recovery_sent_at: Date | null }>(
      'select recovery_sent_at from auth.users where id = $1 for update',
      [user.id],
    );
    refuseTooSoon(rows[0]?.recovery_sent_at, now, settings);
    if (pkce) await createFlowState(tx, { userId: user.id, pkce, now, method: recoveryMethod });
    await tx.query(
      'update auth.users set recovery_token = $2, recovery_sent_at = $3, updated_at = $3 where id = $1',
      [user.id, confirmationTokenDigest(token), now],
    );
    const link = `${verifyUrl}?${new URLSearchParams({ token, type: 'recovery', redirect_to: redirectTo }).toString()}`;
    // Written inside the transaction: if the email cannot be written, no link is stored either.
    const file = await writeToOutbox(
      settings.outboxDir,
      {
        to: email,
        subject: 'Reset your password',
        text: [
          'Reset your password',
          '',
          'Follow this link to choose a new password for your AI Post Writer account:',
          '',
          link,
          '',
          `The link works once and expires in ${describeDuration(settings.linkExpiryMs)}.`,
          'If you did not ask for this, you can ignore this email: your password stays as it is.',
        ].join('\n'),
      },
      now,
    );
    settings.log(`Password reset email for ${email} written to ${file}`);
  });
  return c.json({});
}
