import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from '../db/database.ts';
import type { AuthOptions } from './auth-services.ts';
import { GoTrueError } from './gotrue-error.ts';
import { writeToOutbox } from './outbox.ts';
import type { UserRow } from './user-json.ts';

/** GoTrue's defaults: links last a day (MAILER_OTP_EXP), one email per user per minute (SMTP_MAX_FREQUENCY). */
const defaultLinkExpirySeconds = 86_400;
const defaultMaxFrequencySeconds = 60;

/** GoTrue marks the token of a PKCE sign-up so /verify knows to answer with an auth code. */
export const pkceTokenPrefix = 'pkce_';

export interface ConfirmationSettings {
  outboxDir: string;
  linkExpiryMs: number;
  maxFrequencyMs: number;
  log: (message: string) => void;
}

/** The confirmation mode's settings, or null when sign-ups are confirmed at once (the default). */
export function confirmationSettings(options: AuthOptions): ConfirmationSettings | null {
  const confirmation = options.emailConfirmation;
  if (!confirmation) return null;
  return {
    outboxDir: confirmation.outboxDir,
    linkExpiryMs: (confirmation.linkExpiry ?? defaultLinkExpirySeconds) * 1000,
    maxFrequencyMs: (confirmation.maxFrequency ?? defaultMaxFrequencySeconds) * 1000,
    log: options.log ?? ((message) => console.warn(message)),
  };
}

export const describeDuration = (ms: number): string => {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
};

/** GoTrue's SMTP_MAX_FREQUENCY: one email of a kind per user per interval, else 429. */
export function refuseTooSoon(
  sentAt: Date | null | undefined,
  now: Date,
  settings: Pick<ConfirmationSettings, 'maxFrequencyMs'>,
): void {
  if (!sentAt) return;
  const waitMs = sentAt.getTime() + settings.maxFrequencyMs - now.getTime();
  if (waitMs > 0) {
    throw new GoTrueError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(waitMs / 1000)} seconds.`,
    );
  }
}

/** A link's token: the length and alphabet of GoTrue's token hash (hex SHA-224), but random. */
export const newLinkToken = (pkce: boolean): string =>
  `${pkce ? pkceTokenPrefix : ''}${randomBytes(28).toString('hex')}`;

/** Only this digest of a link's token is stored, so a copy of the database confirms nobody. */
export const confirmationTokenDigest = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export interface ConfirmationRequest {
  user: UserRow;
  pkce: boolean;
  /** Where /verify sends the browser afterwards (already checked against the allow list). */
  redirectTo: string;
  /** This server's GET /auth/v1/verify (GoTrue's API_EXTERNAL_URL + /verify). */
  verifyUrl: string;
  now: Date;
}

/**
 * GoTrue's sendConfirmation, inside the sign-up's transaction: refuses a second email within the
 * frequency limit (429 `over_email_send_rate_limit`), stores a new link token (replacing any
 * earlier one) and writes the email to the outbox. A failure rolls the sign-up back.
 */
export async function sendConfirmation(
  tx: Transaction,
  request: ConfirmationRequest,
  settings: ConfirmationSettings,
): Promise<UserRow> {
  refuseTooSoon(request.user.confirmation_sent_at, request.now, settings);
  const token = newLinkToken(request.pkce);
  const { rows } = await tx.query<UserRow>(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = $3, updated_at = $3
      where id = $1 returning *`,
    [request.user.id, confirmationTokenDigest(token), request.now],
  );
  const link = `${request.verifyUrl}?${new URLSearchParams({
    token,
    type: 'signup',
    redirect_to: request.redirectTo,
  }).toString()}`;
  const email = request.user.email ?? '';
  const file = await writeToOutbox(
    settings.outboxDir,
    {
      to: email,
      subject: 'Confirm your email address',
      text: [
        'Confirm your email address',
        '',
        'Follow this link to confirm this email address and finish signing up for AI Post Writer:',
        '',
        link,
        '',
        `The link works once and expires in ${describeDuration(settings.linkExpiryMs)}.`,
        'If you did not sign up, you can ignore this email.',
      ].join('\n'),
    },
    request.now,
  );
  settings.log(`Confirmation email for ${email} written to ${file}`);
  return rows[0] ?? request.user;
}
