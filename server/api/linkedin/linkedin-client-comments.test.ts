import { describe, expect, it } from 'vitest';
import { linkedinClient, LinkedInError } from './linkedin-client.ts';
import type { LinkedInConfig } from './linkedin-config.ts';

// createComment against answers shaped as LinkedIn may send them (the fetch is the network edge).
const config: LinkedInConfig = {
  clientId: 'client',
  clientSecret: 'secret',
  redirectUrl: 'https://app.test/linkedin/callback',
  apiVersion: '202607',
  authBaseUrl: 'https://linkedin.test/oauth/v2',
  apiBaseUrl: 'https://api.linkedin.test',
  tokenKey: new Uint8Array(32),
  postAnalytics: false,
};
const comment = { actorSub: 'member1', postUrn: 'urn:li:share:7123', text: 'Link \\(here\\)' };

function clientAnswering(response: () => Response) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return response();
  }) as typeof fetch;
  return { client: linkedinClient(config, fetcher), sent };
}

describe('createComment', () => {
  it("posts to the post's URL-encoded URN as the member and reads the comment's $URN", async () => {
    const urn = 'urn:li:comment:(urn:li:activity:7001,7002)';
    const { client, sent } = clientAnswering(() =>
      Response.json({ $URN: urn, id: '7002', object: 'urn:li:activity:7001' }, { status: 201 }),
    );
    expect(await client.createComment('token-1', comment)).toBe(urn);
    const [request] = sent;
    expect(request?.url).toBe(
      'https://api.linkedin.test/rest/socialActions/urn%3Ali%3Ashare%3A7123/comments',
    );
    expect(request?.init.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'linkedin-version': '202607',
      'x-restli-protocol-version': '2.0.0',
    });
    expect(JSON.parse(String(request?.init.body))).toEqual({
      actor: 'urn:li:person:member1',
      object: 'urn:li:share:7123',
      message: { text: 'Link \\(here\\)' },
    });
  });

  it('falls back to commentUrn, a comment URN in x-restli-id, then the thread and id; null when none says', async () => {
    const answers: [Response, string | null][] = [
      [Response.json({ commentUrn: 'urn:li:comment:(a,1)' }, { status: 201 }), 'urn:li:comment:(a,1)'],
      [
        new Response(null, { status: 201, headers: { 'x-restli-id': 'urn:li:comment:(b,2)' } }),
        'urn:li:comment:(b,2)',
      ],
      [
        Response.json({ id: '3', object: 'urn:li:activity:9' }, { status: 201 }),
        'urn:li:comment:(urn:li:activity:9,3)',
      ],
      [new Response(null, { status: 201, headers: { 'x-restli-id': '4' } }), null],
    ];
    for (const [response, expected] of answers) {
      expect(await clientAnswering(() => response).client.createComment('t', comment)).toBe(expected);
    }
  });

  it("throws LinkedIn's status and words for a refusal", async () => {
    const { client } = clientAnswering(() =>
      Response.json({ status: 422, message: 'ERROR :: /message/text :: too long' }, { status: 422 }),
    );
    const error = await client.createComment('t', comment).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LinkedInError);
    expect(error).toMatchObject({ status: 422, message: 'ERROR :: /message/text :: too long' });
  });
});
