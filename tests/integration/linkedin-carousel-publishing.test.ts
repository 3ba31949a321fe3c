import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { readLinkedInConfig } from '../../server/api/linkedin/linkedin-config.ts';
import { unconfirmedMessage } from '../../server/api/linkedin/publish-failure.ts';
import type { PublishedPostRow } from '../../server/api/linkedin/published-post-row.ts';
import { linkedinPublisher } from '../../server/api/linkedin/publisher.ts';
import { serviceClient } from '../../server/api/linkedin/service-backend.ts';
import {
  fakeLinkedInEnv,
  newLinkedInUser,
  newPost,
  type LinkedInTestUser,
  useLinkedInApiServer,
} from '../helpers/linkedin-api-server.ts';

// Publishing a carousel (issue 29) through the /api functions, on the real embedded backend, to
// the fake LinkedIn (harness/fakes): the PDF goes through the Documents API (initializeUpload,
// then PUT of the bytes) and the post names the document with its title. The never-twice rules
// are those of image posts (docs/decisions/018): the upload happens before the post is marked
// sent, so a failure there is retried; once the post request has left, an unknown outcome is
// never sent again.

const stack = useLinkedInApiServer();

const service = () =>
  serviceClient({ supabaseUrl: stack.server.url, secretKey: stack.server.keys.secretKey, fetch });

async function pdfOf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) pdf.addPage([1080, 1350]).drawText(`Slide ${page + 1}`);
  return pdf.save();
}

/** A post whose carousel PDF (`bytes`, a 4-page PDF by default) is stored in the author's folder. */
async function newCarouselPost(
  user: LinkedInTestUser,
  { bytes, fields = {} }: { bytes?: Uint8Array; fields?: Record<string, unknown> } = {},
): Promise<{ post: Post; pdf: Uint8Array }> {
  const pdf = bytes ?? (await pdfOf(4));
  const path = `${user.id}/${crypto.randomUUID()}.pdf`;
  const uploaded = await user.client.storage
    .from('post-carousels')
    .upload(path, pdf, { contentType: 'application/pdf' });
  expect(uploaded.error).toBeNull();
  const post = await newPost(user, {
    content: 'Five lessons from a year of shipping (swipe) #shipping',
    carousel_path: path,
    carousel_title: 'Five lessons from a year of shipping',
    carousel_slides: { slides: [{ heading: 'Ship small' }] },
    ...fields,
  });
  return { post, pdf };
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

const documentRequests = () =>
  stack.fake.requests.filter(
    (entry) => entry.path === '/rest/documents' || entry.path.startsWith('/dms-uploads/'),
  );
const postRequests = () => stack.fake.requests.filter((entry) => entry.path === '/rest/posts');

/** Publishes `post` now with a publisher whose requests to LinkedIn go through `edge`. */
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

describe('publishing a carousel', () => {
  it('uploads the PDF through the Documents API and posts the document under its title', async () => {
    const ada = await newLinkedInUser(stack.server);
    const { post, pdf } = await newCarouselPost(ada);
    const published = await publishNow(ada, post);
    expect(published).toMatchObject({ publish_status: 'published', publish_attempts: 1 });

    const init = stack.fake.requests.find((entry) => entry.path === '/rest/documents');
    expect(init?.query).toEqual({ action: 'initializeUpload' });
    const member = stack.fake.linkedin.tokens.at(-1)!.member;
    expect(init?.body).toEqual({ initializeUploadRequest: { owner: `urn:li:person:${member.sub}` } });

    const [document] = stack.fake.linkedin.documents;
    expect(document?.urn).toMatch(/^urn:li:document:/);
    expect(document?.upload).toMatchObject({ byteLength: pdf.length, contentType: 'application/pdf' });
    // LinkedIn received exactly the stored PDF, every page of it.
    const received = stack.fake.linkedin.documentBytes(document!.urn)!;
    expect(received).toEqual(pdf);
    expect((await PDFDocument.load(received)).getPageCount()).toBe(4);

    expect(stack.fake.linkedin.posts).toHaveLength(1);
    const [sent] = stack.fake.linkedin.posts;
    expect(sent?.media).toEqual({ id: document!.urn, title: 'Five lessons from a year of shipping' });
    expect(sent?.body.content).toEqual({
      media: { id: document!.urn, title: 'Five lessons from a year of shipping' },
    });
    expect(sent?.shownText).toBe('Five lessons from a year of shipping (swipe) #shipping');
    expect(published.linkedin_post_urn).toBe(sent?.urn);
    // No image was involved.
    expect(stack.fake.linkedin.images).toEqual([]);
  });

  it('lets another process read the PDF back from the fake (the control API)', async () => {
    const ada = await newLinkedInUser(stack.server);
    const { post, pdf } = await newCarouselPost(ada);
    await publishNow(ada, post);
    const [document] = (await (await fetch(`${stack.fake.url}/__control/linkedin/documents`)).json()) as {
      urn: string;
    }[];
    const response = await fetch(
      `${stack.fake.url}/__control/linkedin/document?urn=${encodeURIComponent(document!.urn)}`,
    );
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
  });

  it('publishes a planned carousel at its time, through the scheduled run', async () => {
    const ada = await newLinkedInUser(stack.server);
    const { post, pdf } = await newCarouselPost(ada, {
      fields: { planned_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(post.publish_status).toBe('scheduled');
    expect(await publishDue()).toMatchObject({ claimed: 1, published: 1 });
    const [document] = stack.fake.linkedin.documents;
    expect(stack.fake.linkedin.documentBytes(document!.urn)).toEqual(pdf);
    expect(stack.fake.linkedin.posts[0]?.media).toEqual({
      id: document!.urn,
      title: 'Five lessons from a year of shipping',
    });
    expect(await storedPost(ada, post.id)).toMatchObject({ publish_status: 'published' });
  });
});

describe("LinkedIn's limits, before anything is uploaded", () => {
  it('refuses a carousel of more than 300 pages, with the count, and sends nothing', async () => {
    const ada = await newLinkedInUser(stack.server);
    const { post } = await newCarouselPost(ada, { bytes: await pdfOf(301) });
    const settled = await publishNow(ada, post);
    expect(settled).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'rejected',
      publish_error:
        'The carousel has 301 pages; LinkedIn takes documents of at most 300 pages. Remove some slides, then export it again.',
    });
    expect(documentRequests()).toEqual([]);
    expect(postRequests()).toEqual([]);
  });

  it('refuses a stored file that is not a PDF, and sends nothing', async () => {
    const ada = await newLinkedInUser(stack.server);
    const { post } = await newCarouselPost(ada, {
      bytes: new TextEncoder().encode('<html>not a pdf</html>'),
    });
    const settled = await publishNow(ada, post);
    expect(settled).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'rejected',
      publish_error: 'The carousel file is not a PDF. Export the carousel again, then publish.',
    });
    expect(documentRequests()).toEqual([]);
    expect(postRequests()).toEqual([]);
  });
});

describe('never twice, as for image posts', () => {
  it('LinkedIn failing (503) while the upload starts is retried, and the carousel goes out once', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failDocuments: { times: 1, status: 503 } });
    const { post, pdf } = await newCarouselPost(ada);
    const first = await publishNow(ada, post);
    expect(first).toMatchObject({
      publish_status: 'scheduled',
      publish_error_kind: 'retrying',
      publish_error: 'LinkedIn had a problem (it answered 503). Trying again shortly (attempt 2 of 3).',
    });
    expect(postRequests()).toEqual([]);

    await muchLater(post.id);
    expect(await publishDue()).toMatchObject({ claimed: 1, published: 1 });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
    const document = stack.fake.linkedin.documents.at(-1)!;
    expect(stack.fake.linkedin.posts[0]?.media?.id).toBe(document.urn);
    expect(stack.fake.linkedin.documentBytes(document.urn)).toEqual(pdf);
  });

  it('LinkedIn creates the post after the upload and answers 502: settled as maybe on LinkedIn, never sent again', async () => {
    const ada = await newLinkedInUser(stack.server);
    stack.fake.setScenario('linkedin', { failPosts: { times: 1, status: 502, created: true } });
    const { post, pdf } = await newCarouselPost(ada);
    const settled = await publishNow(ada, post);
    expect(settled).toMatchObject({
      publish_status: 'failed',
      publish_error_kind: 'unconfirmed',
      publish_error: unconfirmedMessage,
      next_attempt_at: null,
    });
    // The PDF had gone up whole before the post request.
    const [document] = stack.fake.linkedin.documents;
    expect(stack.fake.linkedin.documentBytes(document!.urn)).toEqual(pdf);

    // Whatever time passes, the scheduler leaves it to the author: no second upload, no second post.
    await muchLater(post.id);
    expect(await publishDue()).toMatchObject({ claimed: 0 });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
    expect(stack.fake.linkedin.documents).toHaveLength(1);
    expect(postRequests()).toHaveLength(1);
    expect((await storedPost(ada, post.id)).publish_status).toBe('failed');
  });

  it('the post request times out after the upload: settled as maybe on LinkedIn, never sent again', async () => {
    const ada = await newLinkedInUser(stack.server);
    const { post } = await newCarouselPost(ada);
    const settled = await publishThrough(ada, post, async (request, send) => {
      if (!(request.method === 'POST' && new URL(request.url).pathname === '/rest/posts'))
        return send(request);
      await send(request);
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    expect(settled).toMatchObject({ publish_status: 'failed', publish_error_kind: 'unconfirmed' });
    await muchLater(post.id);
    expect(await publishDue()).toMatchObject({ claimed: 0 });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
    expect(stack.fake.linkedin.documents).toHaveLength(1);
  });

  it('the upload of the bytes times out: nothing was posted, so it is tried again and goes out once', async () => {
    const ada = await newLinkedInUser(stack.server);
    const { post } = await newCarouselPost(ada);
    const settled = await publishThrough(ada, post, async (request, send) => {
      if (request.method !== 'PUT') return send(request);
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    expect(settled).toMatchObject({ publish_status: 'scheduled', publish_error_kind: 'retrying' });
    expect(postRequests()).toEqual([]);
    await muchLater(post.id);
    expect(await publishDue()).toMatchObject({ claimed: 1, published: 1 });
    expect(stack.fake.linkedin.posts).toHaveLength(1);
  });
});
