import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  escapeLittleText,
  shownText,
  startFakeProviders,
  type FakeProviders,
  type LinkedInPost,
} from '../../harness/fakes/fake-providers.ts';

// The fake LinkedIn over real HTTP, as the app will use it: LINKEDIN_AUTH_BASE_URL = `${url}/oauth/v2`,
// LINKEDIN_API_BASE_URL = url.
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const clientId = 'app-client-123';
const redirectUri = 'http://127.0.0.1:5173/linkedin/callback';
const version = '202607';
const sub = 'yS3Fq2nA7b';
const me = `urn:li:person:${sub}`;
const invalidToken = {
  serviceErrorCode: 65600,
  code: 'INVALID_ACCESS_TOKEN',
  message: 'Invalid access token',
  status: 401,
};

function authorizeUrl(params: Record<string, string | null> = {}): string {
  const query = new URLSearchParams();
  const all = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state: 'st-42',
    scope: 'openid profile w_member_social',
    ...params,
  };
  for (const [name, value] of Object.entries(all)) if (value !== null) query.set(name, value);
  return `${fake.url}/oauth/v2/authorization?${query.toString()}`;
}

/** Follows the browser's first hop: LinkedIn's 302 back to the app. */
async function authorize(params: Record<string, string | null> = {}): Promise<URL> {
  const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

function exchange(fields: Record<string, string>): Promise<Response> {
  return fetch(`${fake.url}/oauth/v2/accessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

const tokenRequest = (code: string) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: redirectUri,
  client_id: clientId,
  client_secret: 'app-secret',
});

/** The whole OAuth dance; returns the access token. */
async function connect(): Promise<string> {
  const code = (await authorize()).searchParams.get('code') ?? '';
  const response = await exchange(tokenRequest(code));
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A versioned REST call; a header set to null is left out. */
function rest(
  path: string,
  token: string,
  body: unknown,
  headers: Record<string, string | null> = {},
): Promise<Response> {
  const all: Record<string, string | null> = {
    authorization: `Bearer ${token}`,
    'LinkedIn-Version': version,
    'X-Restli-Protocol-Version': '2.0.0',
    'content-type': 'application/json',
    ...headers,
  };
  const sent = Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return fetch(`${fake.url}${path}`, { method: 'POST', headers: sent, body: JSON.stringify(body) });
}

function post(commentary: string, extra: Record<string, unknown> = {}) {
  return {
    author: me,
    commentary,
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    ...extra,
  };
}

const userinfo = (token: string) =>
  fetch(`${fake.url}/v2/userinfo`, { headers: { authorization: `Bearer ${token}` } });

describe('fake LinkedIn OAuth', () => {
  it('redirects back with a code and the state, and swaps the code once for a 60-day token', async () => {
    const location = await authorize();
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('st-42');
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^AQ[\w-]{40,}$/);

    const response = await exchange(tokenRequest(code));
    expect(response.status).toBe(200);
    const token = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(token).sort()).toEqual([
      'access_token',
      'expires_in',
      'id_token',
      'scope',
      'token_type',
    ]);
    expect(token).toMatchObject({
      expires_in: 5184000,
      scope: 'openid,profile,w_member_social',
      token_type: 'Bearer',
    });
    expect(token.access_token).toMatch(/^AQV[\w-]{60,}$/);
    const parts = String(token.id_token).split('.');
    expect(parts).toHaveLength(3);
    expect(JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString())).toMatchObject({
      iss: 'https://www.linkedin.com/oauth',
      aud: clientId,
      sub,
      name: 'Ada Lovelace',
    });

    const again = await exchange(tokenRequest(code));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_request',
      error_description:
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
    });
    const recorded = fake.requests.filter((request) => request.path === '/oauth/v2/accessToken');
    expect(recorded.map((request) => request.provider)).toEqual(['linkedin', 'linkedin']);
    expect(recorded[0]?.body).toEqual(tokenRequest(code));
  });

  it('refuses a code with another redirect_uri or client_id, and an empty client_secret', async () => {
    const code = (await authorize()).searchParams.get('code') ?? '';
    const wrongRedirect = await exchange({
      ...tokenRequest(code),
      redirect_uri: 'http://127.0.0.1:5173/other',
    });
    expect(wrongRedirect.status).toBe(400);
    expect(await wrongRedirect.json()).toMatchObject({ error: 'invalid_request' });
    const wrongClient = await exchange({ ...tokenRequest(code), client_id: 'someone-else' });
    expect(wrongClient.status).toBe(400);
    const noSecret = await exchange({ ...tokenRequest(code), client_secret: '' });
    expect(noSecret.status).toBe(401);
    expect(await noSecret.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed',
    });
    // A refused exchange does not spend the code.
    expect((await exchange(tokenRequest(code))).status).toBe(200);
  });

  it('shows an error page, without redirecting, for a malformed authorization request', async () => {
    const cases: [Record<string, string | null>, string][] = [
      [{ response_type: null }, 'response_type must be code, not missing.'],
      [{ response_type: 'token' }, 'response_type must be code, not token.'],
      [{ client_id: null }, 'The client_id parameter is missing.'],
      [
        { redirect_uri: '/linkedin/callback' },
        'redirect_uri must be an absolute http(s) URL, not /linkedin/callback.',
      ],
      [
        { redirect_uri: 'javascript:alert(1)' },
        'redirect_uri must be an absolute http(s) URL, not javascript:alert(1).',
      ],
      [{ scope: 'openid profile' }, 'The scope openid profile lacks w_member_social'],
    ];
    for (const [params, message] of cases) {
      const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(response.status, message).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain(message);
    }
  });

  it('sends the member back with user_cancelled_authorize when consent is denied, and refuses retired scopes', async () => {
    fake.setScenario('linkedin', { authorize: 'deny' });
    const response = await fetch(authorizeUrl(), { redirect: 'manual' });
    expect(response.headers.get('location')).toBe(
      `${redirectUri}?error=user_cancelled_authorize&error_description=The+user+cancelled+the+authorization&state=st-42`,
    );

    fake.reset();
    const retired = await authorize({ scope: 'r_liteprofile w_member_social' });
    expect(retired.searchParams.get('error')).toBe('unauthorized_scope_error');
    expect(retired.searchParams.get('code')).toBeNull();
    expect(retired.searchParams.get('state')).toBe('st-42');
  });
});

describe('fake LinkedIn userinfo', () => {
  it('names the member behind the token', async () => {
    const response = await userinfo(await connect());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sub,
      email_verified: true,
      name: 'Ada Lovelace',
      locale: { country: 'US', language: 'en' },
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://media.licdn.com/dms/image/fake/ada.jpg',
    });
  });

  it('answers the scenario member, and 401 for an unknown, expired or short-lived token', async () => {
    fake.setScenario('linkedin', { member: { sub: 'Grace0x1', givenName: 'Grace', familyName: 'Hopper' } });
    const grace = await connect();
    expect(await (await userinfo(grace)).json()).toMatchObject({
      sub: 'Grace0x1',
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
    });

    const unknown = await userinfo('AQVnot-a-token');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(invalidToken);

    fake.setScenario('linkedin', { expireTokens: true });
    expect((await userinfo(grace)).status).toBe(401);

    fake.setScenario('linkedin', { tokenExpiresIn: 0 });
    const code = (await authorize()).searchParams.get('code') ?? '';
    const token = (await (await exchange(tokenRequest(code))).json()) as {
      access_token: string;
      expires_in: number;
    };
    expect(token.expires_in).toBe(0);
    expect((await userinfo(token.access_token)).status).toBe(401);
    expect((await userinfo(grace)).status).toBe(200);
  });

  it('issueToken gives tests a connected member without the browser dance', async () => {
    const { accessToken } = fake.linkedin.issueToken({ member: { sub: 'TestOnly9' } });
    expect(await (await userinfo(accessToken)).json()).toMatchObject({
      sub: 'TestOnly9',
      name: 'Ada Lovelace',
    });
  });
});

describe('fake LinkedIn images and posts', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x80]);

  it('initialises an upload, takes the bytes, and publishes a post with the image', async () => {
    const token = await connect();
    const before = Date.now();
    const init = await rest('/rest/images?action=initializeUpload', token, {
      initializeUploadRequest: { owner: me },
    });
    expect(init.status).toBe(200);
    const { value } = (await init.json()) as {
      value: { uploadUrl: string; image: string; uploadUrlExpiresAt: number };
    };
    const id = value.image.replace('urn:li:image:', '');
    expect(value.image).toMatch(/^urn:li:image:[A-Za-z0-9]+$/);
    expect(value.uploadUrl).toBe(`${fake.url}/dms-uploads/${id}`);
    expect(value.uploadUrlExpiresAt - before).toBeGreaterThanOrEqual(3_600_000);
    expect(value.uploadUrlExpiresAt - before).toBeLessThan(3_660_000);

    const media = { id: value.image, altText: 'A whiteboard with three arrows' };
    const tooEarly = await rest('/rest/posts', token, post('With a picture', { content: { media } }));
    expect(tooEarly.status).toBe(400);
    expect(((await tooEarly.json()) as { message: string }).message).toContain(value.image);

    const upload = await fetch(value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: png,
    });
    expect(upload.status).toBe(201);
    expect(await upload.text()).toBe('');
    expect(fake.linkedin.images[0]?.upload).toMatchObject({ byteLength: 12, contentType: 'image/png' });
    const recordedPut = fake.requests.find((request) => request.method === 'PUT');
    expect(recordedPut).toMatchObject({
      provider: 'linkedin',
      path: `/dms-uploads/${id}`,
      body: { byteLength: 12 },
    });

    const created = await rest('/rest/posts', token, post('With a picture', { content: { media } }));
    expect(created.status).toBe(201);
    expect(await created.text()).toBe('');
    const urn = created.headers.get('x-restli-id') ?? '';
    expect(urn).toMatch(/^urn:li:share:\d{19}$/);
    expect(created.headers.get('x-linkedin-id')).toBe(urn);
    expect(fake.linkedin.posts).toHaveLength(1);
    expect(fake.linkedin.posts[0]).toMatchObject({
      urn,
      author: me,
      commentary: 'With a picture',
      shownText: 'With a picture',
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      media,
      linkedinVersion: version,
    });
    const listed = (await (await fetch(`${fake.url}/__control/linkedin/posts`)).json()) as LinkedInPost[];
    expect(listed.map((item) => [item.urn, item.shownText, item.media?.id])).toEqual([
      [urn, 'With a picture', value.image],
    ]);
  });

  it('refuses an upload for another member, and a PUT to an unknown upload', async () => {
    const token = await connect();
    const other = await rest('/rest/images?action=initializeUpload', token, {
      initializeUploadRequest: { owner: 'urn:li:person:someoneElse' },
    });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({
      status: 403,
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
      message: 'Not enough permissions to access: partnerApiImages.ACTION.20260701',
    });
    const unknown = await fetch(`${fake.url}/dms-uploads/D4E10AQnothing`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: png,
    });
    expect(unknown.status).toBe(404);
    expect(fake.linkedin.images).toEqual([]);
  });

  it('refuses calls without a token, a version or the Rest.li header, and a retired version', async () => {
    const token = await connect();
    const body = post('Hello');
    const refused = async (response: Response) => ({
      status: response.status,
      body: (await response.json()) as unknown,
    });

    expect(await refused(await rest('/rest/posts', token, body, { 'LinkedIn-Version': null }))).toEqual({
      status: 400,
      body: {
        status: 400,
        code: 'VERSION_MISSING',
        message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
      },
    });
    expect(await refused(await rest('/rest/posts', token, body, { 'LinkedIn-Version': '202401' }))).toEqual({
      status: 426,
      body: { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 20240101 is not active' },
    });
    expect((await rest('/rest/posts', token, body, { 'LinkedIn-Version': '2026-07' })).status).toBe(400);
    const noRestli = await refused(
      await rest('/rest/posts', token, body, { 'X-Restli-Protocol-Version': null }),
    );
    expect(noRestli.status).toBe(400);
    expect(noRestli.body).toMatchObject({
      message: expect.stringContaining('X-Restli-Protocol-Version header is missing'),
    });
    expect(await refused(await rest('/rest/posts', 'AQVforged', body))).toEqual({
      status: 401,
      body: invalidToken,
    });
    expect(await refused(await rest('/rest/posts', token, body, { authorization: null }))).toEqual({
      status: 401,
      body: invalidToken,
    });

    fake.setScenario('linkedin', { retiredVersions: [version] });
    expect(await refused(await rest('/rest/posts', token, body))).toEqual({
      status: 426,
      body: { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 20260701 is not active' },
    });
    expect((await rest('/rest/posts', token, body, { 'LinkedIn-Version': '202401' })).status).toBe(201);
    expect(fake.linkedin.posts.map((item) => item.commentary)).toEqual(['Hello']);
  });

  it('answers 422 with one line per missing or unknown field, 403 for another author', async () => {
    const token = await connect();
    const withoutCommentary: Record<string, unknown> = post('x');
    delete withoutCommentary.commentary;
    const missing = await rest('/rest/posts', token, withoutCommentary);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      message: 'ERROR :: /commentary :: field is required but not found and has no default value\n',
      status: 422,
    });

    const { distribution: _distribution, ...withoutDistribution } = post('x', { title: 'Not a field' });
    const several = await rest('/rest/posts', token, withoutDistribution);
    expect(((await several.json()) as { message: string }).message).toBe(
      'ERROR :: /distribution :: field is required but not found and has no default value\n' +
        'ERROR :: /title :: unrecognized field found but not allowed\n',
    );

    const otherAuthor = await rest('/rest/posts', token, post('x', { author: 'urn:li:person:notMe' }));
    expect(otherAuthor.status).toBe(403);
    expect(await otherAuthor.json()).toMatchObject({
      code: 'ACCESS_DENIED',
      message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20260701',
    });
    expect(fake.linkedin.posts).toEqual([]);
  });

  it('takes 3,000 characters of commentary and refuses 3,001', async () => {
    const token = await connect();
    expect((await rest('/rest/posts', token, post('a'.repeat(3000)))).status).toBe(201);
    const tooLong = await rest('/rest/posts', token, post('a'.repeat(3001)));
    expect(tooLong.status).toBe(422);
    expect(await tooLong.json()).toEqual({
      message: 'ERROR :: /commentary :: length 3001 exceeds the maximum of 3000 characters\n',
      status: 422,
    });
    expect(fake.linkedin.posts.map((item) => item.commentary.length)).toEqual([3000]);
  });

  it('failPosts fails the next posts, then accepts; the error knob answers 429 with retry-after and 500', async () => {
    const token = await connect();
    const control = await fetch(`${fake.url}/__control/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'linkedin', scenario: { failPosts: { times: 2, status: 503 } } }),
    });
    expect(control.status).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++)
      statuses.push((await rest('/rest/posts', token, post('Retry me'))).status);
    expect(statuses).toEqual([503, 503, 201]);
    expect(fake.linkedin.posts.map((item) => item.commentary)).toEqual(['Retry me']);

    fake.setScenario('linkedin', { error: { status: 429 } });
    const limited = await rest('/rest/posts', token, post('Too many'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({ status: 429 });

    fake.setScenario('linkedin', { error: { status: 500 } });
    const failing = await rest('/rest/posts', token, post('Broken'));
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ status: 500, message: 'Internal Server Error' });
    expect(fake.linkedin.posts).toHaveLength(1);
  });

  it('failPosts with created keeps the post before answering the error (an answer lost on the way back)', async () => {
    const token = await connect();
    fake.setScenario('linkedin', { failPosts: { times: 1, status: 502, created: true } });
    const lost = await rest('/rest/posts', token, post('Kept anyway'));
    expect(lost.status).toBe(502);
    expect(await lost.json()).toEqual({ status: 502, message: 'Bad Gateway' });
    expect(fake.linkedin.posts.map((item) => item.commentary)).toEqual(['Kept anyway']);
  });

  it('failImages fails the next upload initialisations; uploadLatencyMs holds the bytes', async () => {
    const token = await connect();
    fake.setScenario('linkedin', { failImages: { times: 1, status: 503 }, uploadLatencyMs: 300 });
    const initialize = () =>
      rest('/rest/images?action=initializeUpload', token, { initializeUploadRequest: { owner: me } });
    const failed = await initialize();
    expect(failed.status).toBe(503);
    expect(fake.linkedin.images).toEqual([]);
    const started = await initialize();
    expect(started.status).toBe(200);
    const { value } = (await started.json()) as { value: { uploadUrl: string } };
    const before = Date.now();
    const upload = await fetch(value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(upload.status).toBe(201);
    expect(Date.now() - before).toBeGreaterThanOrEqual(290);
    expect(fake.linkedin.images[0]?.upload).toMatchObject({ byteLength: 3 });
  });

  it('expireTokens makes every REST call and upload 401', async () => {
    const token = await connect();
    fake.setScenario('linkedin', { expireTokens: true });
    const response = await rest('/rest/posts', token, post('Late'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(invalidToken);
    const init = await rest('/rest/images?action=initializeUpload', token, {
      initializeUploadRequest: { owner: me },
    });
    expect(init.status).toBe(401);
  });

  it('reset() forgets posts, images and tokens', async () => {
    const token = await connect();
    expect((await rest('/rest/posts', token, post('Gone soon'))).status).toBe(201);
    fake.reset();
    expect(fake.linkedin.posts).toEqual([]);
    expect(fake.linkedin.tokens).toEqual([]);
    expect((await userinfo(token)).status).toBe(401);
  });
});

describe('fake LinkedIn little text', () => {
  async function published(commentary: string): Promise<string | undefined> {
    const token = await connect();
    const response = await rest('/rest/posts', token, post(commentary));
    expect(response.status).toBe(201);
    return fake.linkedin.posts.at(-1)?.shownText;
  }

  it('shows escaped text whole, and cuts the post at an unescaped reserved character', async () => {
    const text =
      'Three lessons (and one mistake) from my first year: use snake_case, *not* <tags> ~ {ok} | [x] @ \\ #';
    expect(await published(escapeLittleText(text))).toBe(text);
    expect(await published('Three lessons (and one mistake) from my first year')).toBe('Three lessons ');
    expect(await published('Ship it_today')).toBe('Ship it');
    expect(await published('Ends with a backslash \\')).toBe('Ends with a backslash ');
  });

  it('keeps hashtags, mentions (as the name) and URLs whole', async () => {
    expect(
      await published('Read https://example.com/a_b(c)?x=1#frag before Monday.\n\n#CareerGrowth #AI_2026'),
    ).toBe('Read https://example.com/a_b(c)?x=1#frag before Monday.\n\n#CareerGrowth #AI_2026');
    expect(
      await published('Thanks @[Grace Hopper](urn:li:person:Grace0x1) and @[Acme](urn:li:organization:42)!'),
    ).toBe('Thanks Grace Hopper and Acme!');
    expect(shownText('price#1 is wrong')).toBe('price');
    expect(shownText('@ someone')).toBe('');
    expect(shownText('Emoji 🚀 \\🚀 stay')).toBe('Emoji 🚀 🚀 stay');
  });
});
