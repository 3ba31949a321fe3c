import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import { startPublishScheduler } from '../../server/embedded/publish-scheduler.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startApiTestServer } from '../helpers/api-server.ts';
import {
  connectLinkedIn,
  fakeLinkedInEnv,
  newLinkedInUser,
  newPost,
  type LinkedInTestUser,
} from '../helpers/linkedin-api-server.ts';

// Post results read in the background (issue 28, docs/decisions/028): after each scheduled
// publishing run (/linkedin/publish-due, the embedded server's timer and pg_cron on hosted) the
// server reads LinkedIn's figures of due posts for members whose connection carries
// r_member_postAnalytics, with their stored token, on the real embedded backend against the fake
// LinkedIn. No browser and no session of the member are involved.

let fake: FakeProviders;
let server: EmbeddedServer;

beforeAll(async () => {
  fake = await startFakeProviders();
  // The operator's LinkedIn app has the analytics permission: connecting asks for it.
  server = await startApiTestServer({
    linkedin: { ...fakeLinkedInEnv(fake), LINKEDIN_POST_ANALYTICS: 'true' },
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  fake.setScenario('linkedin', {});
  // Each test starts with no member to refresh (the fake forgot their tokens anyway).
  await server.db.query('delete from private.linkedin_connections');
});

interface TickAnswer {
  claimed: number;
  published: number;
  results: { members: number; read: number; refused: number; rateLimited: boolean } | null;
}

/** One scheduled run, as the embedded timer and pg_cron send it: the secret key, no user. */
async function tick(): Promise<TickAnswer> {
  const response = await fetch(`${server.url}/api/linkedin/publish-due`, {
    method: 'POST',
    headers: { apikey: server.keys.secretKey, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TickAnswer;
}

async function publishedPost(user: LinkedInTestUser, content: string) {
  const post = await newPost(user, { topic: content, content });
  const response = await fetch(`${server.url}/api/linkedin/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ postId: post.id }),
  });
  expect(response.status).toBe(200);
  return { id: post.id, sent: fake.linkedin.posts.find((each) => each.shownText === content)! };
}

const analyticsCalls = () => fake.requests.filter((each) => each.path === '/rest/memberCreatorPostAnalytics');

async function storedResults(postId: string) {
  const { rows } = await server.db.query<{ impressions: number; reactions: number; source: string }>(
    'select impressions, reactions, source from public.post_results where post_id = $1',
    [postId],
  );
  return rows[0] ?? null;
}

async function connectionState(userId: string) {
  const { rows } = await server.db.query<{
    results_checked_at: Date | null;
    results_refused_at: Date | null;
    results_paused_until: Date | null;
  }>(
    `select results_checked_at, results_refused_at, results_paused_until
       from private.linkedin_connections where user_id = $1`,
    [userId],
  );
  return rows[0]!;
}

/** Lets the next run take the member again (a member is taken at most once an hour). */
const forgetVisit = (userId: string) =>
  server.db.query('update private.linkedin_connections set results_checked_at = null where user_id = $1', [
    userId,
  ]);

describe('post results refreshed in the background', () => {
  it("publishes a due post first, then reads a due post's figures on the same run, with no session of the member", async () => {
    const ada = await newLinkedInUser(server);
    const old = await publishedPost(ada, 'Why we hire for curiosity.');
    old.sent.analytics = { IMPRESSION: 2000, MEMBERS_REACHED: 1500, REACTION: 40, COMMENT: 6, RESHARE: 2 };
    const planned = await newPost(ada, {
      content: 'No meetings on Fridays.',
      planned_at: new Date(Date.now() - 60_000).toISOString(),
    });
    // Ada signs out everywhere: no browser, no session; only her stored LinkedIn token remains.
    expect((await ada.client.auth.signOut({ scope: 'global' })).error).toBeNull();
    fake.requests.length = 0;

    const answer = await tick();
    expect(answer).toMatchObject({ claimed: 1, published: 1 });
    // Both of Ada's posts are due (never read): the one published just now too.
    expect(answer.results).toEqual({ members: 1, read: 2, refused: 0, rateLimited: false });
    expect(await storedResults(old.id)).toEqual({ impressions: 2000, reactions: 40, source: 'api' });
    const { rows } = await server.db.query<{ publish_status: string }>(
      'select publish_status from public.posts where id = $1',
      [planned.id],
    );
    expect(rows[0]?.publish_status).toBe('published');
    // Publishing went first: the post was created before any figure was asked for.
    const paths = fake.requests.map((each) => each.path);
    expect(paths.indexOf('/rest/posts')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('/rest/posts')).toBeLessThan(paths.indexOf('/rest/memberCreatorPostAnalytics'));
    expect(analyticsCalls()).toHaveLength(10);
  });

  it('does not read a post that is not due, nor take a member twice within the hour', async () => {
    const ada = await newLinkedInUser(server);
    const post = await publishedPost(ada, 'Why we hire for curiosity.');
    post.sent.analytics = { IMPRESSION: 300 };
    expect((await tick()).results).toMatchObject({ members: 1, read: 1 });
    expect(analyticsCalls()).toHaveLength(5);

    // Taken a moment ago: the next run leaves Ada alone.
    expect((await tick()).results).toEqual({ members: 0, read: 0, refused: 0, rateLimited: false });
    // Taken again, but the post was read just now: on its first day it waits four hours.
    await forgetVisit(ada.id);
    expect((await tick()).results).toEqual({ members: 1, read: 0, refused: 0, rateLimited: false });
    expect(analyticsCalls()).toHaveLength(5);

    // Five hours later it is due again.
    post.sent.analytics = { IMPRESSION: 900 };
    await server.db.query(
      `update public.post_results set read_at = now() - interval '5 hours' where post_id = $1`,
      [post.id],
    );
    await forgetVisit(ada.id);
    expect((await tick()).results).toMatchObject({ members: 1, read: 1 });
    expect(analyticsCalls()).toHaveLength(10);
    expect(await storedResults(post.id)).toMatchObject({ impressions: 900 });
  });

  it('stops a member at the 403 and remembers it until they connect again; publishing goes on', async () => {
    const ada = await newLinkedInUser(server);
    // The connection says it carries the permission, but LinkedIn no longer gives it.
    const scope = fake.linkedin.tokens.at(-1)!.scope;
    scope.splice(scope.indexOf('r_member_postAnalytics'), 1);
    await publishedPost(ada, 'Why we hire for curiosity.');
    await publishedPost(ada, 'No meetings on Fridays.');
    const planned = await newPost(ada, {
      content: 'Planned for a minute ago.',
      planned_at: new Date(Date.now() - 60_000).toISOString(),
    });

    const answer = await tick();
    expect(answer).toMatchObject({ claimed: 1, published: 1 });
    expect(answer.results).toEqual({ members: 1, read: 0, refused: 1, rateLimited: false });
    // The first refusal ends the member's refresh: one call, not one per post.
    expect(analyticsCalls()).toHaveLength(1);
    expect((await connectionState(ada.id)).results_refused_at).not.toBeNull();
    const { rows } = await server.db.query<{ publish_status: string }>(
      'select publish_status from public.posts where id = $1',
      [planned.id],
    );
    expect(rows[0]?.publish_status).toBe('published');
    expect(
      (await server.db.query('select 1 from public.post_results where user_id = $1', [ada.id])).rows,
    ).toEqual([]);

    // Remembered: however often the runs come, Ada is not asked again.
    await forgetVisit(ada.id);
    expect((await tick()).results).toMatchObject({ members: 0, read: 0 });
    expect(analyticsCalls()).toHaveLength(1);

    // Connecting again (a new token, with the permission) clears it.
    expect((await connectLinkedIn(`${server.url}/api`, ada.token)).status).toBe(200);
    expect((await connectionState(ada.id)).results_refused_at).toBeNull();
    expect((await tick()).results).toMatchObject({ members: 1, read: 3, refused: 0 });
  });

  it('remembers a 403 met by "Refresh from LinkedIn" too, and a read that gets through clears it', async () => {
    const ada = await newLinkedInUser(server);
    const scope = fake.linkedin.tokens.at(-1)!.scope;
    scope.splice(scope.indexOf('r_member_postAnalytics'), 1);
    await publishedPost(ada, 'Why we hire for curiosity.');
    const byHand = () =>
      fetch(`${server.url}/api/linkedin/results/refresh`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await byHand()).status).toBe(403);
    expect((await connectionState(ada.id)).results_refused_at).not.toBeNull();
    expect((await tick()).results).toMatchObject({ members: 0 });

    scope.push('r_member_postAnalytics');
    expect(await (await byHand()).json()).toEqual({ read: 1, due: 1, waiting: 0 });
    expect((await connectionState(ada.id)).results_refused_at).toBeNull();
  });

  it("backs off at LinkedIn's 429: the run ends and the member waits for the time LinkedIn gave", async () => {
    const ada = await newLinkedInUser(server);
    await publishedPost(ada, 'Why we hire for curiosity.');
    const grace = await newLinkedInUser(server);
    await publishedPost(grace, 'No meetings on Fridays.');
    fake.requests.length = 0;
    fake.setScenario('linkedin', { failAnalytics: { status: 429 } });

    const before = Date.now();
    expect((await tick()).results).toEqual({ members: 1, read: 0, refused: 0, rateLimited: true });
    // The run ended at the 429: the other member was not taken.
    expect(analyticsCalls()).toHaveLength(1);
    const states = await Promise.all([connectionState(ada.id), connectionState(grace.id)]);
    const paused = states.find((state) => state.results_paused_until !== null);
    // The fake's Retry-After is 1 s: a member is left alone 15 minutes at least.
    expect(paused?.results_paused_until?.getTime()).toBeGreaterThanOrEqual(before + 900_000 - 1000);
    expect(states.filter((state) => state.results_checked_at === null)).toHaveLength(1);

    // The other member is taken on the next run; the paused one is not, even when due.
    fake.setScenario('linkedin', {});
    await forgetVisit(ada.id);
    await forgetVisit(grace.id);
    expect((await tick()).results).toMatchObject({ members: 1, read: 1, rateLimited: false });
    expect((await tick()).results).toMatchObject({ members: 0 });
  });

  it('reads at most 20 posts a run, and takes the rest on a later one', async () => {
    const ada = await newLinkedInUser(server);
    for (let index = 0; index < 22; index += 1) await publishedPost(ada, `Post number ${index}.`);
    expect((await tick()).results).toMatchObject({ members: 1, read: 20 });
    expect(analyticsCalls()).toHaveLength(100);
    await forgetVisit(ada.id);
    expect((await tick()).results).toMatchObject({ members: 1, read: 2 });
  });

  it("runs on the embedded server's publishing timer", async () => {
    const ada = await newLinkedInUser(server);
    const post = await publishedPost(ada, 'Why we hire for curiosity.');
    post.sent.analytics = { IMPRESSION: 1234 };
    const logged: string[] = [];
    // The timer runs once as it starts; stopping it waits for that run.
    const scheduler = startPublishScheduler({
      url: server.url,
      secretKey: server.keys.secretKey,
      intervalMs: 3_600_000,
      log: (message) => logged.push(message),
    });
    await scheduler.stop();
    expect(await storedResults(post.id)).toMatchObject({ impressions: 1234, source: 'api' });
    expect(logged).toEqual(['Read LinkedIn results of 1 posts for 1 members.']);
    // Counts only: no token, no member, no post in the log.
    expect(logged.join('\n')).not.toContain(fake.linkedin.tokens.at(-1)!.accessToken);
  });
});
