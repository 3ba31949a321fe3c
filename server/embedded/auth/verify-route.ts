import type { Context } from 'hono';
import type { AuthServices } from './auth-services.ts';
import { confirmationSettings, confirmationTokenDigest, pkceTokenPrefix } from './confirmation.ts';
import { GoTrueError } from './gotrue-error.ts';
import { emailSignupMethod, issueAuthCode, recoveryMethod } from './pkce.ts';
import { redirectPolicy, redirectTarget } from './redirect-url.ts';
import type { UserRow } from './user-json.ts';

/** GoTrue's oauthErrorMap: the OAuth `error` a redirect carries for an HTTP status. */
const oauthErrors: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Email link types GoTrue knows; this server issues `signup` and `recovery` links. */
const emailLinkTypes = new Set(['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']);

const invalidLink = () => new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired');

/** Go's url.Values.Encode sorts by key; the same order keeps redirects byte-comparable with GoTrue's. */
function encodeSorted(entries: Record<string, string>): string {
  const params = new URLSearchParams(entries);
  params.sort();
  return params.toString();
}

/**
 * GoTrue's prepErrorRedirectURL: the error in the fragment (with `sb`, marking a Supabase Auth
 * redirect), and for a PKCE link also in the query, where PKCE clients look.
 */
export function errorRedirectUrl(target: string, error: GoTrueError, pkce: boolean): string {
  const url = new URL(target);
  const details: Record<string, string> = {
    ...(oauthErrors[error.status] ? { error: oauthErrors[error.status] as string } : {}),
    error_code: error.code,
    error_description: error.message,
  };
  if (pkce) {
    for (const [name, value] of Object.entries(details)) url.searchParams.set(name, value);
    url.searchParams.sort();
  }
  url.hash = encodeSorted({ ...details, sb: '' });
  return url.toString();
}

type Confirmed = { user: UserRow; authCode: string | null };

/**
 * GET /verify?token=…&type=signup&redirect_to=… (GoTrue's verifyGet): the link of a confirmation
 * email. It confirms the address, then sends the browser on with `?code=` (PKCE sign-ups: the
 * app exchanges it with its code verifier) or with a session in the fragment (implicit flow).
 * Problems with the link itself also end in a redirect, carrying the error, as GoTrue does.
 */
export async function verifyRoute(c: Context, auth: AuthServices): Promise<Response> {
  auth.limit(c, auth.verifyLimiter);
  const token = c.req.query('token') ?? '';
  const type = c.req.query('type') ?? '';
  if (type === '') throw new GoTrueError(400, 'validation_failed', 'Verify requires a verification type');
  if (token === '')
    throw new GoTrueError(400, 'validation_failed', 'Verify requires a token or a token hash');
  const pkce = token.startsWith(pkceTokenPrefix);
  const redirectTo = redirectTarget(c, redirectPolicy(c, auth.options));

  let confirmed: Confirmed;
  try {
    if (!emailLinkTypes.has(type))
      throw new GoTrueError(400, 'validation_failed', 'Invalid email verification type');
    // Links of other types are never issued here, so like unknown tokens they match no one.
    if (type === 'signup') confirmed = await confirmEmailLink(auth, signUpLink, token, pkce);
    else if (type === 'recovery') confirmed = await confirmEmailLink(auth, recoveryLink, token, pkce);
    else throw invalidLink();
  } catch (error) {
    if (!(error instanceof GoTrueError)) throw error;
    return c.redirect(errorRedirectUrl(redirectTo, error, pkce), 303);
  }

  if (confirmed.authCode) {
    const url = new URL(redirectTo);
    url.searchParams.set('code', confirmed.authCode);
    return c.redirect(url.toString(), 303);
  }
  const session = await auth.newSession(c, confirmed.user);
  const fragment = encodeSorted({
    access_token: String(session.access_token),
    token_type: String(session.token_type),
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: String(session.refresh_token),
    type,
    sb: '',
  });
  return c.redirect(`${redirectTo.split('#')[0] ?? redirectTo}#${fragment}`, 303);
}

/** What tells the two kinds of email link apart: where their token lives, and their PKCE flow. */
interface EmailLink {
  tokenColumn: 'confirmation_token' | 'recovery_token';
  sentAtColumn: 'confirmation_sent_at' | 'recovery_sent_at';
  flowMethod: string;
}

/** A confirmation email's link: confirms the address of a sign-up. */
const signUpLink: EmailLink = {
  tokenColumn: 'confirmation_token',
  sentAtColumn: 'confirmation_sent_at',
  flowMethod: emailSignupMethod,
};

/**
 * A password-reset email's link (GoTrue's recoverVerify): signs the user in (the app then asks for
 * a new password) and confirms the address if it was not yet (the email reached its owner).
 */
const recoveryLink: EmailLink = {
  tokenColumn: 'recovery_token',
  sentAtColumn: 'recovery_sent_at',
  flowMethod: recoveryMethod,
};

/**
 * Finds the user by the link's token, checks it has not expired (MAILER_OTP_EXP, from when it was
 * sent), confirms the address and uses the link up; a PKCE link also gets its flow state's auth
 * code. One transaction: without a flow state nothing is confirmed, as in GoTrue.
 */
async function confirmEmailLink(
  auth: AuthServices,
  link: EmailLink,
  token: string,
  pkce: boolean,
): Promise<Confirmed> {
  const settings = confirmationSettings(auth.options);
  const now = new Date(auth.now());
  return auth.db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `select * from auth.users where ${link.tokenColumn} = $1 for update`,
      [confirmationTokenDigest(token)],
    );
    const user = rows[0];
    const sentAt = user?.[link.sentAtColumn]?.getTime();
    const expiryMs = settings?.linkExpiryMs ?? 86_400_000;
    if (!user || sentAt === undefined || sentAt + expiryMs < now.getTime()) throw invalidLink();
    const updated = await tx.query<UserRow>(
      `update auth.users
          set email_confirmed_at = coalesce(email_confirmed_at, $2), ${link.tokenColumn} = null, updated_at = $2
        where id = $1 returning *`,
      [user.id, now],
    );
    const confirmedUser = updated.rows[0] ?? user;
    if (!pkce) return { user: confirmedUser, authCode: null };
    const authCode = await issueAuthCode(tx, user.id, now, link.flowMethod);
    if (!authCode) {
      throw new GoTrueError(
        400,
        'flow_state_not_found',
        'No associated flow state found. No valid flow state found for user.',
      );
    }
    return { user: confirmedUser, authCode };
  });
}
