/**
 * LinkedIn's OAuth 2.0 authorization-code flow and OpenID userinfo (docs/wire-formats.md §7.6):
 * GET /oauth/v2/authorization, POST /oauth/v2/accessToken, GET /v2/userinfo.
 */
import { randomBytes } from 'node:crypto';
import { header, sendEmpty, sendHtml, sendJson } from './http-utils.ts';
import { accessDeniedBody, authenticate, type LinkedInContext } from './linkedin-common.ts';
import { randomSecret } from './linkedin-state.ts';
import type { LinkedInMember } from './scenarios.ts';

/** LinkedIn codes are good for 30 minutes. */
const CODE_LIFETIME_MS = 30 * 60 * 1000;

/** What a self-serve app with "Sign In with LinkedIn using OpenID Connect" and "Share on LinkedIn" may ask for. */
// The fake app has Community Management's analytics too (r_member_postAnalytics).
const GRANTED_SCOPES = new Set(['openid', 'profile', 'email', 'w_member_social', 'r_member_postAnalytics']);

const CODE_MISMATCH =
  'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists';

function absoluteHttpUrl(value: string | null): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Consent is implied: a valid request goes straight back to the app with a one-time code. */
export function handleAuthorization({ res, query, scenario, state }: LinkedInContext): void {
  // Without a trustworthy redirect_uri LinkedIn cannot send the browser back, so it shows a page.
  const refuse = (message: string) => sendHtml(res, 400, 'LinkedIn: invalid authorization request', message);
  const responseType = query.get('response_type');
  if (responseType !== 'code') {
    return refuse(`response_type must be code, not ${responseType ?? 'missing'}.`);
  }
  const clientId = query.get('client_id');
  if (!clientId) return refuse('The client_id parameter is missing.');
  const redirectUri = query.get('redirect_uri');
  const redirect = absoluteHttpUrl(redirectUri);
  if (!redirectUri || !redirect) {
    return refuse(`redirect_uri must be an absolute http(s) URL, not ${redirectUri || 'missing'}.`);
  }
  const scope = (query.get('scope') ?? '').split(' ').filter(Boolean);
  if (!scope.includes('w_member_social')) {
    return refuse(
      `The scope ${scope.join(' ') || '(none)'} lacks w_member_social, which posting for the member needs.`,
    );
  }

  const refused = scope.find((name) => !GRANTED_SCOPES.has(name));
  if (refused) {
    // A scope the app has no product for (e.g. the retired r_liteprofile) comes back as an OAuth error.
    redirect.searchParams.append('error', 'unauthorized_scope_error');
    redirect.searchParams.append(
      'error_description',
      `Scope "${refused}" is not authorized for your application`,
    );
  } else if (scenario.authorize === 'deny') {
    redirect.searchParams.append('error', 'user_cancelled_authorize');
    redirect.searchParams.append('error_description', 'The user cancelled the authorization');
  } else {
    const code = randomSecret('AQ', 96);
    state.codes.set(code, { clientId, redirectUri, scope, issuedAt: Date.now(), member: state.memberOf() });
    redirect.searchParams.append('code', code);
  }
  const stateParam = query.get('state');
  if (stateParam !== null) redirect.searchParams.append('state', stateParam);
  sendEmpty(res, 302, { location: redirect.toString() });
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An OpenID id_token with LinkedIn's header and claims; the signature is random bytes, so nothing can verify it. */
function idToken(member: LinkedInMember, clientId: string, issuedAt: number, expiresIn: number): string {
  const head = { typ: 'JWT', kid: 'fake-linkedin-key', alg: 'RS256' };
  const iat = Math.floor(issuedAt / 1000);
  const claims = {
    iss: 'https://www.linkedin.com/oauth',
    aud: clientId,
    iat,
    exp: iat + expiresIn,
    sub: member.sub,
    name: `${member.givenName} ${member.familyName}`,
    given_name: member.givenName,
    family_name: member.familyName,
    picture: pictureOf(member),
    email_verified: true,
    locale: 'en_US',
  };
  return `${base64url(head)}.${base64url(claims)}.${randomBytes(256).toString('base64url')}`;
}

function pictureOf(member: LinkedInMember): string {
  return `https://media.licdn.com/dms/image/fake/${encodeURIComponent(member.givenName.toLowerCase())}.jpg`;
}

export function handleAccessToken({ req, res, rawBody, state }: LinkedInContext): void {
  // LinkedIn reads only a form body; JSON is as good as no parameters at all.
  const isForm = (header(req, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  const form = new URLSearchParams(isForm ? rawBody.toString('utf8') : '');
  const invalid = (description: string) =>
    sendJson(res, 400, { error: 'invalid_request', error_description: description });
  for (const name of ['grant_type', 'code', 'redirect_uri', 'client_id']) {
    if (!form.get(name)) return invalid(`A required parameter "${name}" is missing`);
  }
  const grantType = form.get('grant_type') ?? '';
  if (grantType !== 'authorization_code') {
    return sendJson(res, 400, {
      error: 'unsupported_grant_type',
      error_description: `The grant type "${grantType}" is not supported for this application`,
    });
  }
  if (!form.get('client_secret')) {
    return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
  }
  const code = form.get('code') ?? '';
  const clientId = form.get('client_id') ?? '';
  const issued = state.codes.get(code);
  const expired = issued !== undefined && Date.now() - issued.issuedAt > CODE_LIFETIME_MS;
  if (expired) state.codes.delete(code);
  if (!issued || expired || issued.clientId !== clientId || issued.redirectUri !== form.get('redirect_uri')) {
    return invalid(CODE_MISMATCH);
  }
  // Single use: only a successful exchange spends the code, so a mistyped redirect_uri can be retried.
  state.codes.delete(code);
  const token = state.issueToken({ member: issued.member, scope: issued.scope, clientId });
  const expiresIn = Math.round((token.expiresAt - token.issuedAt) / 1000);
  sendJson(
    res,
    200,
    {
      access_token: token.accessToken,
      expires_in: expiresIn,
      scope: token.scope.join(','),
      token_type: 'Bearer',
      ...(token.scope.includes('openid')
        ? { id_token: idToken(token.member, clientId, token.issuedAt, expiresIn) }
        : {}),
    },
    { 'cache-control': 'no-store' },
  );
}

export function handleUserInfo(context: LinkedInContext): void {
  const token = authenticate(context);
  if (!token) return;
  if (!token.scope.includes('openid')) {
    return sendJson(context.res, 403, accessDeniedBody('userinfo.GET.NO_VERSION'));
  }
  const { member } = token;
  sendJson(context.res, 200, {
    sub: member.sub,
    email_verified: true,
    name: `${member.givenName} ${member.familyName}`,
    locale: { country: 'US', language: 'en' },
    given_name: member.givenName,
    family_name: member.familyName,
    picture: pictureOf(member),
  });
}
