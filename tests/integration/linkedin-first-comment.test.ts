import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import {
  newLinkedInUser,
  newPost,
  type LinkedInTestUser,
  useLinkedInApiServer,
} from '../helpers/linkedin-api-server.ts';

// A post's first comment on LinkedIn through the /api functions, against the fake LinkedIn on the
// real embedded backend: it follows the post, its failure never touches the post, and it is sent
// again only when the author retries it.

const stack = useLinkedInApiServer();

const unconfirmed =
  'LinkedIn did not confirm the first comment, so it may already be under your post. Check LinkedIn before you retry.';

function api(user: LinkedInTestUser | null, path: string, body?: unknown) {
  return fetch(`${stack.server.url}/api${path}`, {
    method: 'POST',
    headers: {
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body ?? {}),
  });
}

type Answer = { status: number; post?: Post; error?: { message: string; code: string } };

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

const publish = async (user: LinkedInTestUser, post: Post) =>
  answer(await api(user, '/linkedin/publish', { postId: post.id }));
const retryComment = async (user: LinkedInTestUser | null, post: Pick<Post, 'id'>) =>
  answer(await api(user, '/linkedin/first-comment/retry', { postId: post.id }));

const publishDue = async (staleAfterSeconds?: number) => {
  const response = await fetch(`${stack.server.url}/api/linkedin/publish-due`, {
    method: 'POST',
    headers: { apikey: stack.server.keys.secretKey, 'content-type': 'application/json' },
    body: JSON.stringify(staleAfterSeconds === undefined ? {} : { stale_after_seconds: staleAfterSeconds }),
  });
  return response.json() as Promise<{ claimed: number; published: number }>;
};

async function storedPost(user: LinkedInTestUser, id: string): Promise<Post> {
  const { data } = await user.client.from('posts').select().eq('id', id).single();
  return data as Post;
}

/** The stack.fake's requests to LinkedIn's Comments API. */
const commentRequests = () =>
  stack.fake.requests.filter((request) => request.path.startsWith('/rest/socialActions/'));

describe('the first comment', () => {
  it('goes out right after the post, under it, as written', async () => {
    const ada = await newLinkedInUser(stack.server);
    const comment = 'Sources (all three) are in the deck: https://example.com/deck_v2 #shipping';
    const { status, post } = await publish(ada, await newPost(ada, { first_comment: `  ${comment}\n` }));
    expect(status).toBe(200);
    const [sent] = stack.fake.linkedin.posts;
    expect(sent?.comments.map((item) => item.shownText)).toEqual([comment]);
    expect(post).toMatchObject({
      publish_status: 'published',
      linkedin_post_urn: sent?.urn,
      first_comment_status: 'posted',
      first_comment_urn: sent?.comments[0]?.urn,
      first_comment_error: null,
    });
    // The post first, then the comment on its URN, as the member, with the REST headers.
    const paths = stack.fake.requests.map((request) => request.path);
    const commentPath = `/rest/socialActions/${encodeURIComponent(sent!.urn)}/comments`;
    expect(paths.indexOf('/rest/posts')).toBeLessThan(paths.indexOf(commentPath));
    expect(commentRequests()).toHaveLength(1);
    expect(commentRequests()[0]?.headers).toMatchObject({
      'linkedin-version': '202607',
      'x-restli-protocol-version': '2.0.0',
    });
    expect(sent?.comments[0]).toMatchObject({ actor: sent?.author, postUrn: sent?.urn });
    expect(await storedPost(ada, post!.id)).toMatchObject({ first_comment_status: 'posted' });
  });

  it('sends nothing for a post without one, or with only spaces', async () => {
    const ada = await newLinkedInUser(stack.server);
    const none = await publish(ada, await newPost(ada));
    const blank = await publish(ada, await newPost(ada, { first_comment: ' \n\t ' }));
    for (const { post } of [none, blank]) {
      expect(post).toMatchObject({ publish_status: 'published', first_comment_status: null });
    }
    expect(stack.fake.linkedin.posts).toHaveLength(2);
    expect(commentRequests()).toEqual([]);
  });

  it('follows a post published at its planned time', async () => {
    const ada = await newLinkedInUser(stack.server);
    const post = await newPost(ada, {
      first_comment: 'The full write-up: https://example.com/post',
      planned_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(await publishDue()).toMatchObject({ claimed: 1, published: 1 });
    const stored = await storedPost(ada, post.id);
    expect(stored).toMatchObject({ publish_status: 'published', first_comment_status: 'posted' });
    expect(stack.fake.linkedin.posts[0]?.comments.map((item) => item.shownText)).toEqual([
      'The full write-up: https://example.com/post',
    ]);
  });
});

describe('a first comment that fails', () => {
  it('leaves the post published, is not sent again, and says why', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failComments: { times: 1, status: 422 } });
    const { post } = await publish(ada, await newPost(ada, { first_comment: 'Link in here.' }));
    expect(post).toMatchObject({
      publish_status: 'published',
      publish_error: null,
      first_comment_status: 'failed',
      first_comment_error: 'LinkedIn refused the comment: Bad Request',
      first_comment_urn: null,
    });
    // Neither the scheduler nor another publish sends the post or its comment again.
    expect(await publishDue(0)).toMatchObject({ claimed: 0 });
    expect((await publish(ada, post!)).status).toBe(409);
    expect(stack.fake.linkedin.posts).toHaveLength(1);
    expect(commentRequests()).toHaveLength(1);
    expect(await storedPost(ada, post!.id)).toMatchObject({
      publish_status: 'published',
      first_comment_status: 'failed',
    });
  });

  it('says it may already be there when LinkedIn did not confirm it (5xx)', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failComments: { times: 1, status: 500, created: true } });
    const { post } = await publish(ada, await newPost(ada, { first_comment: 'Link in here.' }));
    expect(post).toMatchObject({
      publish_status: 'published',
      first_comment_status: 'failed',
      first_comment_error: unconfirmed,
    });
    expect(await publishDue(0)).toMatchObject({ claimed: 0 });
    expect(stack.fake.linkedin.posts[0]?.comments).toHaveLength(1);
  });

  it('names the setting when LinkedIn has retired the API version the comment was sent with (426)', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failComments: { times: 1, status: 426 } });
    const { post } = await publish(ada, await newPost(ada, { first_comment: 'Link in here.' }));
    expect(post?.publish_status).toBe('published');
    expect(post?.first_comment_error).toBe(
      'LinkedIn no longer accepts the API version this server uses (202607). The server owner needs to set LINKEDIN_API_VERSION to a current version; then retry the comment.',
    );
  });

  it('is posted once when the author retries it, and a second retry is refused', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failComments: { times: 1, status: 503 } });
    const { post } = await publish(
      ada,
      await newPost(ada, { first_comment: 'Slides (PDF): https://example.com/s' }),
    );
    expect(post?.first_comment_status).toBe('failed');

    const retried = await retryComment(ada, post!);
    expect(retried.status).toBe(200);
    const [sent] = stack.fake.linkedin.posts;
    expect(sent?.comments.map((item) => item.shownText)).toEqual(['Slides (PDF): https://example.com/s']);
    expect(retried.post).toMatchObject({
      publish_status: 'published',
      linkedin_post_urn: sent?.urn,
      first_comment_status: 'posted',
      first_comment_urn: sent?.comments[0]?.urn,
      first_comment_error: null,
    });
    expect(stack.fake.linkedin.posts).toHaveLength(1);

    const again = await retryComment(ada, post!);
    expect(again).toMatchObject({
      status: 409,
      error: {
        code: 'first_comment_posted',
        message: 'The first comment is already under your post on LinkedIn.',
      },
    });
    expect(sent?.comments).toHaveLength(1);
  });

  it('keeps the reason when the retry fails too', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failComments: { times: 2, status: 429 } });
    const { post } = await publish(ada, await newPost(ada, { first_comment: 'More soon.' }));
    const retried = await retryComment(ada, post!);
    expect(retried.status).toBe(200);
    expect(retried.post).toMatchObject({
      first_comment_status: 'failed',
      first_comment_error:
        'LinkedIn asked us to slow down (too many requests). Retry the comment in a few minutes.',
    });
  });
});

describe('retrying a first comment', () => {
  it('is refused, in words, unless the comment failed on a published post of the caller', async () => {
    const ada = await newLinkedInUser(stack.server);
    const mallory = await newLinkedInUser(stack.server);
    const draft = await newPost(ada, { first_comment: 'Soon.' });
    const { post: plain } = await publish(ada, await newPost(ada));
    stack.fake.setScenario('linkedin', { failComments: { times: 1, status: 422 } });
    const { post: failed } = await publish(ada, await newPost(ada, { first_comment: 'Here.' }));

    expect(await retryComment(ada, draft)).toMatchObject({
      status: 409,
      error: {
        code: 'post_not_published',
        message:
          'This post is not on LinkedIn yet. Publish it first; its first comment goes out right after it.',
      },
    });
    expect(await retryComment(ada, plain!)).toMatchObject({
      status: 409,
      error: { code: 'no_first_comment', message: 'This post has no first comment to post.' },
    });
    // Someone else's post is not found for them, and a missing one is not found either.
    expect(await retryComment(mallory, failed!)).toMatchObject({
      status: 404,
      error: { code: 'post_not_found' },
    });
    expect(await retryComment(ada, { id: crypto.randomUUID() })).toMatchObject({ status: 404 });
    expect((await retryComment(null, failed!)).status).toBe(401);
    const unconnected = await newLinkedInUser(stack.server, { connected: false });
    expect(await retryComment(unconnected, failed!)).toMatchObject({
      status: 409,
      error: { code: 'linkedin_not_connected' },
    });

    // While it is being sent (another tab's retry, or a run that stopped mid-request).
    await stack.server.db.query(
      `update public.posts set first_comment_status = 'sending', publish_claimed_at = now() where id = $1`,
      [failed!.id],
    );
    expect(await retryComment(ada, failed!)).toMatchObject({
      status: 409,
      error: { code: 'first_comment_sending' },
    });
    expect(commentRequests()).toHaveLength(1);
  });

  it('left sending by a stopped server is never sent again by the scheduler, and fails as unconfirmed', async () => {
    const ada = await newLinkedInUser(stack.server);
    const { post } = await publish(ada, await newPost(ada));
    // The run marked the comment as sending, and stopped before it recorded LinkedIn's answer.
    await stack.server.db.query(
      `update public.posts set first_comment = 'Link in here.', first_comment_status = 'sending',
              publish_claimed_at = now() where id = $1`,
      [post!.id],
    );
    // A claim younger than the stale time is left alone, even when asked for 0 seconds.
    expect(await publishDue()).toMatchObject({ claimed: 0 });
    expect(await publishDue(0)).toMatchObject({ claimed: 0 });
    expect((await storedPost(ada, post!.id)).first_comment_status).toBe('sending');
    // Once older than 10 minutes it is left over: a run settles it, and sends nothing.
    await stack.server.db.query(
      `update public.posts set publish_claimed_at = now() - interval '11 minutes' where id = $1`,
      [post!.id],
    );
    expect(await publishDue()).toMatchObject({ claimed: 0 });
    expect(await storedPost(ada, post!.id)).toMatchObject({
      publish_status: 'published',
      first_comment_status: 'failed',
      first_comment_error: unconfirmed,
    });
    expect(await publishDue(0)).toMatchObject({ claimed: 0 });
    expect(commentRequests()).toEqual([]);
    expect(stack.fake.linkedin.posts).toHaveLength(1);
  });
});
