import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/embedded/keys/jwt.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { backends, useParties } from '../helpers/backends.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';

// Supabase Storage's file API as storage-js uses it, against the embedded server and the
// same code on a database laid out as a hosted project: the bucket and its policies come
// from the project's migration, and Postgres decides who sees which object.

const bucket = 'post-images';
/** A whole 1×1 PNG. */
const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const pngBlob = () => new Blob([png], { type: 'image/png' });
/** `size` bytes that start as a PNG does (the server checks the signature, not the whole file). */
const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(png.subarray(0, 8));
  return bytes;
};
/** The start of a JPEG (SOI and a JFIF APP0 marker): what the server checks. */
const jpeg = Uint8Array.from(Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'));
/** A RIFF container holding a WebP (VP8L) chunk header. */
const webp = Uint8Array.from(
  Buffer.from('524946461a000000574542505650384c0d0000002f0000000000000000000000', 'hex'),
);

describe.each(backends)('Storage on $name', ({ start }) => {
  const the = useParties(start);

  async function ownerImage(name = `${crypto.randomUUID()}.png`): Promise<string> {
    const path = `${the.owner.id}/${name}`;
    const { data, error } = await the.owner.client.storage.from(bucket).upload(path, pngBlob());
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `${bucket}/${path}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    return path;
  }

  it('lets the owner upload, download, list, sign and remove an image in their folder', async () => {
    const path = await ownerImage('first.png');

    const download = await the.owner.client.storage.from(bucket).download(path);
    expect(download.error).toBeNull();
    expect(download.data?.type).toBe('image/png');
    expect(new Uint8Array(await download.data!.arrayBuffer())).toEqual(png);

    const listed = await the.owner.client.storage.from(bucket).list(the.owner.id);
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([
      expect.objectContaining({
        name: 'first.png',
        id: expect.any(String),
        metadata: expect.objectContaining({
          size: png.byteLength,
          mimetype: 'image/png',
          cacheControl: 'max-age=3600',
        }),
      }),
    ]);

    const signed = await the.owner.client.storage.from(bucket).createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const viaLink = await fetch(signed.data!.signedUrl);
    expect(viaLink.status).toBe(200);
    expect(viaLink.headers.get('cache-control')).toBe('max-age=3600');
    // A signed link is made to be shown in pages of other origins (an app on a static host).
    expect(viaLink.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(download.error).toBeNull();
    expect(new Uint8Array(await viaLink.arrayBuffer())).toEqual(png);

    const removed = await the.owner.client.storage.from(bucket).remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([expect.objectContaining({ name: path, bucket_id: bucket })]);
    const gone = await the.owner.client.storage.from(bucket).download(path);
    expect(gone.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
  });

  it('refuses a second upload to the same name unless it is an upsert, which replaces the bytes', async () => {
    const path = await ownerImage();
    const again = await the.owner.client.storage.from(bucket).upload(path, pngBlob());
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });

    const gif = new Blob([Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')], { type: 'image/gif' });
    const replaced = await the.owner.client.storage.from(bucket).upload(path, gif, { upsert: true });
    expect(replaced.error).toBeNull();
    const download = await the.owner.client.storage.from(bucket).download(path);
    expect(download.data?.type).toBe('image/gif');
  });

  it('shows another user and the anonymous role nothing of the owner’s images, and lets them change nothing', async () => {
    const path = await ownerImage();
    for (const other of [the.stranger.client, the.anon]) {
      const read = await other.storage.from(bucket).download(path);
      expect(read.error).toMatchObject({ statusCode: '404' });
      expect((await other.storage.from(bucket).list(the.owner.id)).data).toEqual([]);
      expect((await other.storage.from(bucket).createSignedUrl(path, 60)).error).toMatchObject({
        statusCode: '404',
      });
      const signedMany = await other.storage.from(bucket).createSignedUrls([path], 60);
      expect(signedMany.data).toEqual([expect.objectContaining({ path, signedUrl: null })]);
      expect((await other.storage.from(bucket).remove([path])).data).toEqual([]);
      const overwrite = await other.storage.from(bucket).upload(path, pngBlob(), { upsert: true });
      expect(overwrite.error).not.toBeNull();
    }
    // Writing into the owner's folder is refused by the policy, not by a missing object.
    const forged = await the.stranger.client.storage
      .from(bucket)
      .upload(`${the.owner.id}/forged.png`, pngBlob());
    expect(forged.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const anonymous = await the.anon.storage.from(bucket).upload(`${the.owner.id}/anon.png`, pngBlob());
    expect(anonymous.error).toMatchObject({ statusCode: '403' });

    const stillThere = await the.owner.client.storage.from(bucket).download(path);
    expect(new Uint8Array(await stillThere.data!.arrayBuffer())).toEqual(png);
  });

  it('enforces the bucket’s file types and size limit', async () => {
    const text = new Blob(['not an image'], { type: 'text/plain' });
    const wrongType = await the.owner.client.storage.from(bucket).upload(`${the.owner.id}/notes.png`, text);
    expect(wrongType.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    });

    const huge = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    const tooLarge = await the.owner.client.storage.from(bucket).upload(`${the.owner.id}/huge.png`, huge);
    expect(tooLarge.error).toMatchObject({ statusCode: '413' });
    expect((await the.owner.client.storage.from(bucket).list(the.owner.id, { search: 'huge' })).data).toEqual(
      [],
    );
  });

  it('signs many paths at once, each on its own', async () => {
    const first = await ownerImage();
    const second = await ownerImage();
    const { data, error } = await the.owner.client.storage.from(bucket).createSignedUrls([first, second], 60);
    expect(error).toBeNull();
    for (const entry of data ?? []) {
      expect(entry.error).toBeNull();
      expect((await fetch(entry.signedUrl!)).status).toBe(200);
    }
  });
});

describe('Storage on the embedded server only', () => {
  let server: EmbeddedServer;
  let owner: { client: SupabaseClient; id: string; token: string };

  beforeAll(async () => {
    server = await startTestServer({
      storage: { maxFileBytes: 50 * 1024 * 1024, quotaBytesPerUser: 64 * 1024 },
    });
    const signedIn = await signedInClient(server);
    owner = { client: signedIn.client, id: signedIn.user.id, token: signedIn.session.access_token };
  });
  afterAll(() => server.close());

  const rawObjectUrl = (path: string) => `${server.url}/storage/v1/object/${bucket}/${path}`;
  const asOwner = () => ({ apikey: server.keys.publishableKey, authorization: `Bearer ${owner.token}` });

  it.each([
    ['sign', 'object/sign', 'paths'],
    ['remove', 'object', 'prefixes'],
  ] as const)('asks %s for a list of 1 to 1000 object names', async (_what, route, field) => {
    const send = (list: unknown) =>
      fetch(`${server.url}/storage/v1/${route}/${bucket}`, {
        method: route === 'object' ? 'DELETE' : 'POST',
        headers: { ...asOwner(), 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: 60, [field]: list }),
      });
    for (const list of [[], Array.from({ length: 1001 }, (_, n) => `${owner.id}/${n}.png`), [3], 'x.png']) {
      const response = await send(list);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        message: `body/${field} must be a list of 1 to 1000 object names`,
      });
    }
    const names = Array.from({ length: 1000 }, (_, n) => `${owner.id}/missing-${n}.png`);
    expect((await send(names)).status).toBe(200);
  });

  it('lists 100 entries by default, pages with limit and offset, and shows sub-folders once', async () => {
    const names = Array.from({ length: 103 }, (_, index) => `many/${String(index).padStart(3, '0')}.png`);
    for (const name of names) {
      const response = await fetch(rawObjectUrl(`${owner.id}/${name}`), {
        method: 'POST',
        headers: { ...asOwner(), 'content-type': 'image/png' },
        body: pngOfSize(8),
      });
      expect(response.status).toBe(200);
    }
    await owner.client.storage.from(bucket).upload(`${owner.id}/many/nested/deep.png`, pngBlob());

    const all = await owner.client.storage.from(bucket).list(`${owner.id}/many`);
    expect(all.data).toHaveLength(100);
    expect(all.data?.[0]?.name).toBe('000.png');
    const rest = await owner.client.storage
      .from(bucket)
      .list(`${owner.id}/many`, { limit: 100, offset: 100 });
    expect(rest.data?.map((entry) => entry.name)).toEqual(['100.png', '101.png', '102.png', 'nested']);
    expect(rest.data?.at(-1)).toMatchObject({ id: null, metadata: null });
    const top = await owner.client.storage.from(bucket).list(owner.id);
    expect(top.data?.map((entry) => entry.name)).toContain('many');
    const newestFirst = await owner.client.storage
      .from(bucket)
      .list(`${owner.id}/many`, { limit: 2, sortBy: { column: 'name', order: 'desc' } });
    expect(newestFirst.data?.map((entry) => entry.name)).toEqual(['nested', '102.png']);
    await owner.client.storage
      .from(bucket)
      .remove([...names.map((name) => `${owner.id}/${name}`), `${owner.id}/many/nested/deep.png`]);
  });

  it.each([
    ['a parent segment', (id: string) => `${id}/../other/x.png`],
    ['an encoded parent segment', (id: string) => `${id}/%2e%2e/%2E%2E/x.png`],
    ['a NUL byte', (id: string) => `${id}/x%00.png`],
    ['a leading slash', (id: string) => `/${id}/x.png`],
    ['an empty segment', (id: string) => `${id}//x.png`],
  ])('refuses an object name with %s', async (_what, build) => {
    const response = await fetch(`${server.url}/storage/v1/object/${bucket}/${build(owner.id)}`, {
      method: 'POST',
      headers: { ...asOwner(), 'content-type': 'image/png' },
      body: png,
    });
    // fetch itself resolves a literal `..` (the server then sees another folder, which the policy refuses).
    expect(response.status).toBe(400);
    expect(['InvalidKey', 'AccessDenied']).toContain(((await response.json()) as { code: string }).code);
    const listed = await owner.client.storage.from(bucket).list(owner.id);
    expect(listed.data?.map((entry) => entry.name)).not.toContain('x.png');
  });

  it('answers a signed link after its expiry, or for another object, or forged, without the bytes', async () => {
    const path = `${owner.id}/expiring.png`;
    await owner.client.storage.from(bucket).upload(path, pngBlob());
    const expired = await signAccessToken({ url: `${bucket}/${path}` }, server.keys.signing, -10);
    const late = await fetch(`${server.url}/storage/v1/object/sign/${bucket}/${path}?token=${expired.token}`);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ statusCode: '400', code: 'ExpiredToken' });

    const other = await signAccessToken({ url: `${bucket}/${owner.id}/other.png` }, server.keys.signing, 60);
    const swapped = await fetch(
      `${server.url}/storage/v1/object/sign/${bucket}/${path}?token=${other.token}`,
    );
    expect(await swapped.json()).toMatchObject({ code: 'InvalidSignature' });

    // A user's access token is not a signed link (it names no object).
    const misuse = await fetch(`${server.url}/storage/v1/object/sign/${bucket}/${path}?token=${owner.token}`);
    expect(await misuse.json()).toMatchObject({ code: 'InvalidSignature' });
  });

  it('lets a browser keep an image: ETag and Last-Modified, then 304 without the bytes', async () => {
    const path = `${owner.id}/cached.png`;
    await owner.client.storage.from(bucket).upload(path, pngBlob(), { cacheControl: '86400' });
    const { data } = await owner.client.storage.from(bucket).createSignedUrl(path, 600);
    const first = await fetch(data!.signedUrl);
    expect(first.headers.get('cache-control')).toBe('max-age=86400');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(data!.signedUrl, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const saved = await owner.client.storage
      .from(bucket)
      .createSignedUrl(path, 600, { download: 'My post image.png' });
    expect((await fetch(saved.data!.signedUrl)).headers.get('content-disposition')).toBe(
      `attachment; filename="My post image.png"; filename*=UTF-8''My%20post%20image.png`,
    );
    const since = await fetch(data!.signedUrl, {
      headers: { 'if-modified-since': first.headers.get('last-modified')! },
    });
    expect(since.status).toBe(304);
  });

  const rawUpload = (name: string, body: Uint8Array<ArrayBuffer>, contentType: string) =>
    fetch(`${server.url}/storage/v1/object/${bucket}/${name}`, {
      method: 'POST',
      headers: { ...asOwner(), 'content-type': contentType },
      body,
    });
  const signRaw = (name: string, expiresIn: unknown) =>
    fetch(`${server.url}/storage/v1/object/sign/${bucket}/${name}`, {
      method: 'POST',
      headers: { ...asOwner(), 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn }),
    });

  it('refuses a signed link lifetime that is not 1 s to a year, and always sends a valid Expires', async () => {
    const path = `${owner.id}/lifetime.png`;
    expect((await owner.client.storage.from(bucket).upload(path, pngBlob())).error).toBeNull();
    for (const expiresIn of [1e300, -60, 0, 1.5, '60', null, 31_536_001, Number.MAX_SAFE_INTEGER]) {
      const response = await signRaw(path, expiresIn);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidParameter' });
    }
    const many = await owner.client.storage.from(bucket).createSignedUrls([path], 1e300);
    expect(many.error).toMatchObject({ statusCode: '400' });

    const yearly = await signRaw(path, 31_536_000);
    expect(yearly.status).toBe(200);
    const { signedURL } = (await yearly.json()) as { signedURL: string };
    const opened = await fetch(`${server.url}/storage/v1${signedURL}`);
    expect(opened.status).toBe(200);
    const expires = Date.parse(opened.headers.get('expires') ?? '');
    expect(expires).toBeGreaterThan(Date.now() + 364 * 24 * 3600 * 1000);
    expect(expires).toBeLessThan(Date.now() + 366 * 24 * 3600 * 1000);

    // A token from before the cap (or signed elsewhere) whose expiry is past what a Date can hold.
    const distant = await signAccessToken({ url: `${bucket}/${path}` }, server.keys.signing, 1e13);
    const old = await fetch(`${server.url}/storage/v1/object/sign/${bucket}/${path}?token=${distant.token}`);
    expect(old.status).toBe(200);
    const header = old.headers.get('expires');
    expect(header === null || !Number.isNaN(Date.parse(header))).toBe(true);
    expect(header).not.toBe('Invalid Date');
  });

  it('stores only real PNG, JPEG, GIF and WebP bytes, under the type the bytes show', async () => {
    const storage = owner.client.storage.from(bucket);
    const html = new Blob(['<!doctype html><script>alert(document.domain)</script>'], { type: 'image/png' });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [name, blob] of [
      ['page.png', html],
      ['drawing.svg', new Blob([svg], { type: 'image/svg+xml' })],
      ['drawing.png', new Blob([svg], { type: 'image/png' })],
    ] as const) {
      const refused = await storage.upload(`${owner.id}/${name}`, blob);
      expect(refused.error).toMatchObject({ statusCode: '415' });
    }
    const smuggled = await rawUpload(`${owner.id}/smuggled.webp`, webp, 'image/webp;text/html');
    expect(smuggled.status).toBe(400);
    expect(await smuggled.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    expect((await storage.list(owner.id, { search: 'page' })).data).toEqual([]);

    const stored: [string, Uint8Array<ArrayBuffer>, string, string][] = [
      ['real.png', png, 'image/png', 'image/png'],
      ['real.jpg', jpeg, 'image/jpeg; charset=utf-8', 'image/jpeg'],
      ['real.webp', webp, 'IMAGE/WEBP', 'image/webp'],
      // Bytes decide: a PNG called a JPEG is a PNG.
      ['named.jpg', png, 'image/jpeg', 'image/png'],
    ];
    for (const [name, bytes, declared, clean] of stored) {
      const response = await rawUpload(`${owner.id}/${name}`, bytes, declared);
      expect(response.status).toBe(200);
      const download = await fetch(rawObjectUrl(`${owner.id}/${name}`), { headers: asOwner() });
      expect(download.headers.get('content-type')).toBe(clean);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    }
  });

  it('refuses object names with bidirectional overrides or control characters', async () => {
    for (const name of [
      'evil\u202egnp.exe',
      'a\u2066b.png',
      'tab\there.png',
      'bell\u0007.png',
      'del\u007f.png',
    ]) {
      const path = `${owner.id}/${name}`;
      const encoded = path.split('/').map(encodeURIComponent).join('/');
      const response = await rawUpload(encoded, png, 'image/png');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
      const signed = await owner.client.storage.from(bucket).createSignedUrls([path], 60);
      expect(signed.error).toMatchObject({ statusCode: '400' });
    }
  });

  it('keeps each user within their quota, counting a replaced object once', async () => {
    const big = () => new Blob([pngOfSize(40 * 1024)], { type: 'image/png' });
    const quotaUser = await signedInClient(server);
    const storage = quotaUser.client.storage.from(bucket);
    expect((await storage.upload(`${quotaUser.user.id}/a.png`, big())).error).toBeNull();
    expect((await storage.upload(`${quotaUser.user.id}/a.png`, big(), { upsert: true })).error).toBeNull();
    const over = await storage.upload(`${quotaUser.user.id}/b.png`, big());
    expect(over.error).toMatchObject({ statusCode: '413' });
    expect(over.error?.message).toContain('storage quota');
    await storage.remove([`${quotaUser.user.id}/a.png`]);
    expect((await storage.upload(`${quotaUser.user.id}/b.png`, big())).error).toBeNull();
  });

  it('asks for the project API key, and refuses a token it did not sign', async () => {
    const withoutKey = await fetch(`${server.url}/storage/v1/object/list/${bucket}`, {
      method: 'POST',
      body: '{}',
    });
    expect(withoutKey.status).toBe(401);
    const forged = await fetch(`${server.url}/storage/v1/object/list/${bucket}`, {
      method: 'POST',
      headers: {
        apikey: server.keys.publishableKey,
        authorization: 'Bearer not.a.token',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    const noBucket = await owner.client.storage.from('no-such-bucket').list('');
    expect(noBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});
