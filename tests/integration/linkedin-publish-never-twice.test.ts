import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { readLinkedInConfig } from '../../server/api/linkedin/linkedin-config.ts';
import { unconfirmedMessage } from '../../server/api/linkedin/publish-failure.ts';
import type { PublishedPostRow } from '../../server/api/linkedin/published-post-row.ts';
import { linkedinPublisher } from '../../server/api/linkedin/publisher.ts';
import { serviceClient } from '../../server/api/linkedin/service-backend.ts';
import { startPublishScheduler } from '../../server/embedded/publish-scheduler.ts';
import {
  fakeLinkedInEnv,
  newLinkedInUser,
  newPost,
  type LinkedInTestUser,
  useLinkedInApiServer,
} from '../helpers/linkedin-api-server.ts';

// "Nothing is ever posted twice" (docs/decisions/018): once the post request has left, a failure
// whose outcome is unknown settles the post for the author to check instead of sending it again,
// and a claim still in flight is never taken over. On the real embedded backend, with the fake
// LinkedIn (harness/fakes); where a network fault is needed, a fetch in front of the fake makes it.

const stack = useLinkedInApiServer();

const service = () =>
  serviceClient({ supabaseUrl: stack.server.url, secretKey: stack.server.keys.secretKey, fetch });

async function newPostWithImage(user: LinkedInTestUser): Promise<Post> {
  const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
  const path = `${user.id}/${crypto.randomUUID()}.png`;
  const uploaded = await user.client.storage
    .from('post-images')
    .upload(path, png, { contentType: 'image/png' });
  expect(uploaded.error).toBeNull();
  return newPost(user, { image_path: path, image_alt: 'A whiteboard' });
}

/** "Publish now" through the /api function, as the app does. */
async function publishNow(user: LinkedInTestUser, post: Post): Promise<Post> {
  const response = await fetch(`${stack.server.url}/api/linkedin/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ postId: post.id }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { post: Post }).post;
}

async function publishDue(): Promise<{ claimed: number; published: number }> {
  const response = await fetch(`${stack.server.url}/api/linkedin/publish-due`, {
    method: 'POST',
    headers: { apikey: stack.server.keys.secretKey, 'content-type': 'application/json' },
    body: '{}',
  });
  return (await response.json()) as { claimed: number; published: number };
}

async function storedPost(user: LinkedInTestUser, id: string): Promise<Post> {
  const { data } = await user.client.from('posts').select().eq('id', id).single();
  return data as Post;
}

/** Lets time pass: every retry is due, and every claim is long past the stale limit. */
async function muchLater(id: string) {
  await stack.server.db.query(
    `update public.posts set next_attempt_at = now() - interval '1 minute',
            publish_claimed_at = publish_claimed_at - interval '1 hour' where id = $1`,
    [id],
  );
}

/**
 * Publishes `post` now with a publisher of its own whose requests to LinkedIn go through `edge`
 * (it gets the request and the real fetch), as the /api function would publish it.
 */
async function publishThrough(
  user: LinkedInTestUser,
  post: Post,
  edge: (request: Request, send: typeof fetch) => Promise<Response>,
): Promise<PublishedPostRow> {
  const { config } = readLinkedInConfig(fakeLinkedInEnv(stack.fake));
  const publisher = linkedinPublisher({
    config: config!,
    service: service(),
    fetch: (input, init) => edge(new Request(input, init), fetch),
    log: () => undefined,
  });
  const [claimed] = await service().rpc<PublishedPostRow[]>('claim_post_for_publishing', {
    p_user_id: user.id,
    p_post_id: post.id,
  });
  expect(claimed).toBeDefined();
  return publisher.publishClaimed(claimed!);
}

const isPostRequest = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname === '/rest/posts';

/** A local port nothing listens on: connecting to it is refused before any byte is sent. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('after the post request has left', () => {
  it('LinkedIn creates the post and answers 502: settled as maybe on LinkedIn, never sent again', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failPosts: { times: 1, status: 502, created: true } });
    const post = await publishNow(ada, await newPost(ada));
    expect(post).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'unconfirmed',
      publish_error: unconfirmedMessage,
      next_attempt_at: null,
    });
    expect(unconfirmedMessage).toBe(
      'We sent this post to LinkedIn but did not hear back, so it may already be on your profile. Check LinkedIn before you try again.',
    );

    // Whatever time passes, the scheduler leaves it to the author.
    await muchLater(post.id);
    expect(await publishDue()).toMatchObject({ claimed: 0 });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
    expect((await storedPost(ada, post.id)).publish_status).toBe('failed');
  });

  it('the request times out after it was sent: settled as maybe on LinkedIn, never sent again', async () => {
    const ada = await newLinkedInUser(stack.server);
    const post = await newPost(ada);
    const settled = await publishThrough(ada, post, async (request, send) => {
      if (!isPostRequest(request)) return send(request);
      // LinkedIn gets the post and creates it; its answer never comes back in time.
      await send(request);
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    expect(settled).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'unconfirmed',
      publish_error: unconfirmedMessage,
    });
    await muchLater(post.id);
    expect(await publishDue()).toMatchObject({ claimed: 0 });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
  });
});

describe('before LinkedIn could have the post', () => {
  it('a refused connection to the post endpoint is retried, and the post goes out once', async () => {
    const ada = await newLinkedInUser(stack.server);
    const post = await newPost(ada);
    const port = await closedPort();
    const settled = await publishThrough(ada, post, (request, send) => {
      if (!isPostRequest(request)) return send(request);
      const refused = new URL(request.url);
      refused.port = String(port);
      return send(new Request(refused, request));
    });
    expect(settled).toMatchObject({
      publish_status: 'scheduled',
      publish_error_kind: 'retrying',
      publish_error: 'LinkedIn could not be reached. Trying again shortly (attempt 2 of 3).',
    });
    expect(stack.fake.linkedin.posts).toEqual([]);

    await muchLater(post.id);
    expect(await publishDue()).toMatchObject({ claimed: 1, published: 1 });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
  });

  it('LinkedIn failing (503) while the image is uploaded is retried, and the post goes out once', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failImages: { times: 1, status: 503 } });
    const post = await publishNow(ada, await newPostWithImage(ada));
    expect(post).toMatchObject({
      publish_status: 'scheduled',
      publish_error_kind: 'retrying',
      publish_error: 'LinkedIn had a problem (it answered 503). Trying again shortly (attempt 2 of 3).',
    });
    expect(stack.fake.requests.filter((entry) => entry.path === '/rest/posts')).toEqual([]);

    await muchLater(post.id);
    expect(await publishDue()).toMatchObject({ claimed: 1, published: 1 });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
    expect(stack.fake.linkedin.posts[0]?.media?.id).toBe(stack.fake.linkedin.images.at(-1)?.urn);
  });
});

describe('a claim in flight', () => {
  it('is not taken over by the scheduler starting up while its image uploads: the post goes out once', async () => {
    const ada = await newLinkedInUser(stack.server);
    const post = await newPostWithImage(ada);
    stack.fake.setScenario('linkedin', { uploadLatencyMs: 3000 });
    const publishing = publishNow(ada, post);
    await expect
      .poll(() =>
        stack.fake.requests.some((entry) => entry.method === 'PUT' && entry.path.startsWith('/dms-uploads/')),
      )
      .toBe(true);

    // A server starting now: its scheduler's first run, while the upload is still held.
    const logs: string[] = [];
    const scheduler = startPublishScheduler({
      url: stack.server.url,
      secretKey: stack.server.keys.secretKey,
      intervalMs: 3_600_000,
      log: (message) => logs.push(message),
    });
    await scheduler.stop();

    expect(await publishing).toMatchObject({ publish_status: 'published' });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
    expect(await storedPost(ada, post.id)).toMatchObject({
      publish_status: 'published',
      publish_attempts: 1,
    });
    // The first run claimed nothing (it logs only when it claims).
    expect(logs).toEqual([]);
  });
});
