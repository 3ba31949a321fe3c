import type { SupabaseClient } from '@supabase/supabase-js';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messages } from '@/config/messages';
import type { CarouselSlides } from '@/entities/post/carousel/carousel';
import { carouselMessages } from '@/entities/post/carousel/carousel-fields';
import { postCarouselsBucket } from '@/entities/post/carousel/post-carousels';
import { sweepOrphanCarousels } from '@/entities/post/carousel/sweep-orphan-carousels';
import { postImagesBucket } from '@/entities/post/image/post-images';
import type { PreparedImage } from '@/entities/post/image/prepare-image';
import type { Post } from '@/entities/post/post';
import { usePostsStore } from '@/features/posts/posts-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer, supabaseClient } from '../helpers/test-server.ts';

// Carousels on the real embedded backend (issue 29): the post-carousels bucket (its policies and
// limits come from the migration; Postgres decides who reaches which object), the carousel columns
// of posts and their checks, and the posts store's carousel functions with real Storage.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let server: EmbeddedServer;
/** The store's user (the app's own client). */
let userId: string;
const ada = { email: 'ada-carousels@example.com', password: 'ada password 12' };

async function pdfOf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) pdf.addPage([1080, 1350]).drawText(`Slide ${page + 1}`);
  return new Uint8Array(await pdf.save());
}
const pdfBlob = async (pages = 3) => new Blob([await pdfOf(pages)], { type: 'application/pdf' });
/** `size` bytes that start as a PDF does. */
const pdfOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
const slides: CarouselSlides = {
  design: { theme: 'light', ratio: '4:5' },
  slides: [{ heading: 'Ship small', body: 'One change a day.' }],
};

async function storedPdfs(client: SupabaseClient = getSupabase(), owner = userId): Promise<string[]> {
  const { data, error } = await client.storage.from(postCarouselsBucket).list(owner);
  if (error) throw error;
  return data.map((entry) => `${owner}/${entry.name}`).sort();
}

beforeAll(async () => {
  server = await startTestServer();
  initSupabase(server.url, server.keys.publishableKey);
  await supabaseClient(server).auth.signUp(ada);
  const { data, error } = await getSupabase().auth.signInWithPassword(ada);
  if (error) throw error;
  userId = data.user.id;
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});
beforeEach(async () => {
  usePostsStore.getState().reset();
  const left = await storedPdfs();
  if (left.length > 0) await getSupabase().storage.from(postCarouselsBucket).remove(left);
});

describe('the post-carousels bucket', () => {
  it('keeps each user to their own folder: no one else reads, lists, replaces or deletes a PDF', async () => {
    const owner = await signedInClient(server);
    const other = await signedInClient(server);
    const path = `${owner.user.id}/deck.pdf`;
    const bucket = (client: SupabaseClient) => client.storage.from(postCarouselsBucket);
    const pdf = await pdfOf(2);
    expect(
      (await bucket(owner.client).upload(path, pdf, { contentType: 'application/pdf' })).error,
    ).toBeNull();

    expect((await bucket(other.client).download(path)).error).not.toBeNull();
    expect(await storedPdfs(other.client, owner.user.id)).toEqual([]);
    expect((await bucket(other.client).createSignedUrl(path, 60)).error).not.toBeNull();
    const replaced = await bucket(other.client).upload(path, pdfOfSize(100), {
      contentType: 'application/pdf',
      upsert: true,
    });
    expect(replaced.error).not.toBeNull();
    expect(
      (
        await bucket(other.client).upload(`${owner.user.id}/planted.pdf`, pdf, {
          contentType: 'application/pdf',
        })
      ).error,
    ).not.toBeNull();
    await bucket(other.client).remove([path]);

    const { data, error } = await bucket(owner.client).download(path);
    expect(error).toBeNull();
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(pdf);
    expect(await storedPdfs(owner.client, owner.user.id)).toEqual([path]);
    // Nor is it reachable without a session.
    expect((await bucket(supabaseClient(server)).download(path)).error).not.toBeNull();
  });

  it('takes PDFs only, of up to 20 MB', async () => {
    const { client, user } = await signedInClient(server);
    const bucket = client.storage.from(postCarouselsBucket);
    const upload = (name: string, bytes: Uint8Array, contentType: string) =>
      bucket.upload(`${user.id}/${name}`, bytes, { contentType });

    expect((await upload('picture.png', png, 'image/png')).error?.message).toMatch(/mime type/i);
    expect(
      (await upload('notes.txt', new TextEncoder().encode('notes'), 'text/plain')).error?.message,
    ).toMatch(/mime type/i);
    // A picture named a PDF is still a picture (the server reads image bytes for what they are).
    expect((await upload('picture.pdf', png, 'application/pdf')).error).not.toBeNull();

    expect((await upload('limit.pdf', pdfOfSize(20 * 1024 * 1024), 'application/pdf')).error).toBeNull();
    const over = await upload('over.pdf', pdfOfSize(20 * 1024 * 1024 + 1), 'application/pdf');
    expect(over.error?.message).toMatch(/maximum allowed size/i);
    expect(await storedPdfs(client, user.id)).toEqual([`${user.id}/limit.pdf`]);
    await bucket.remove([`${user.id}/limit.pdf`]);
  });

  it('stores nothing for a session that was signed out', async () => {
    const { client, user, session } = await signedInClient(server);
    expect((await client.auth.signOut()).error).toBeNull();
    const response = await fetch(
      `${server.url}/storage/v1/object/${postCarouselsBucket}/${user.id}/late.pdf`,
      {
        method: 'POST',
        headers: {
          apikey: server.keys.publishableKey,
          authorization: `Bearer ${session.access_token}`,
          'content-type': 'application/pdf',
        },
        body: await pdfOf(1),
      },
    );
    expect(response.ok).toBe(false);
    await response.body?.cancel();
    const { rows } = await server.db.query(
      'select 1 from storage.objects where bucket_id = $1 and name like $2 || $3',
      [postCarouselsBucket, user.id, '/%'],
    );
    expect(rows).toEqual([]);
  });
});

describe('the carousel columns of a post', () => {
  async function newPost(client: SupabaseClient, fields: Record<string, unknown> = {}) {
    const { data, error } = await client
      .from('posts')
      .insert({ topic: 'Carousel', content: 'We shipped.', ...fields })
      .select()
      .single();
    return { post: data as Post | null, error };
  }

  it('hold an image or a carousel, never both, and take the other once the one is removed', async () => {
    const { client, user } = await signedInClient(server);
    const image = { image_path: `${user.id}/photo.png`, image_alt: 'A chart' };
    const carousel = { carousel_path: `${user.id}/deck.pdf`, carousel_title: 'Ship small' };

    const both = await newPost(client, { ...image, ...carousel });
    expect(both.error).toMatchObject({ code: '23514' });
    expect(both.error?.message).toContain('posts_image_or_carousel');
    // Slides not yet exported count as a carousel too.
    expect((await newPost(client, { ...image, carousel_slides: slides })).error).toMatchObject({
      code: '23514',
    });

    const { post } = await newPost(client, image);
    const added = await client.from('posts').update(carousel).eq('id', post!.id).select().single();
    expect(added.error?.message).toContain('posts_image_or_carousel');
    const swapped = await client
      .from('posts')
      .update({ image_path: null, image_alt: null, ...carousel, carousel_slides: slides })
      .eq('id', post!.id)
      .select()
      .single();
    expect(swapped.error).toBeNull();
    expect(swapped.data).toMatchObject({ image_path: null, ...carousel, carousel_slides: slides });
    const back = await client.from('posts').update(image).eq('id', post!.id).select().single();
    expect(back.error?.message).toContain('posts_image_or_carousel');
  });

  it('keep the PDF in the author’s own folder, under a title of at most 400 characters', async () => {
    const { client, user } = await signedInClient(server);
    const other = await signedInClient(server);
    expect(
      (await newPost(client, { carousel_path: `${other.user.id}/deck.pdf`, carousel_title: 'Theirs' })).error,
    ).toMatchObject({ code: '23514' });
    // LinkedIn shows a document under its title: a PDF without one (or a blank one) is refused.
    expect((await newPost(client, { carousel_path: `${user.id}/deck.pdf` })).error).toMatchObject({
      code: '23514',
    });
    expect(
      (await newPost(client, { carousel_path: `${user.id}/deck.pdf`, carousel_title: '   ' })).error,
    ).toMatchObject({ code: '23514' });
    expect(
      (await newPost(client, { carousel_path: `${user.id}/deck.pdf`, carousel_title: 'x'.repeat(401) }))
        .error,
    ).toMatchObject({ code: '23514' });
    const { post, error } = await newPost(client, {
      carousel_path: `${user.id}/deck.pdf`,
      carousel_title: 'x'.repeat(400),
    });
    expect(error).toBeNull();
    expect(post?.carousel_title).toHaveLength(400);
  });

  it('keep the slides as the app wrote them: a JSON object of at most 256 KB', async () => {
    const { client } = await signedInClient(server);
    const { post, error } = await newPost(client, { carousel_slides: slides, carousel_title: 'Draft deck' });
    expect(error).toBeNull();
    expect(post?.carousel_slides).toEqual(slides);
    expect((await newPost(client, { carousel_slides: [slides] })).error).toMatchObject({ code: '23514' });
    const huge = { slides: [{ body: 'x'.repeat(262_144) }] };
    expect((await newPost(client, { carousel_slides: huge })).error).toMatchObject({ code: '23514' });
  });

  it('are what the author writes: a change moves updated_at, and none is taken while the post is sent', async () => {
    const { client } = await signedInClient(server);
    const { post } = await newPost(client, { carousel_slides: slides, carousel_title: 'Deck' });
    const retitled = await client
      .from('posts')
      .update({ carousel_title: 'Better deck' })
      .eq('id', post!.id)
      .select()
      .single();
    expect(Date.parse(retitled.data!.updated_at)).toBeGreaterThan(Date.parse(post!.updated_at));

    await server.db.query(`update public.posts set publish_status = 'publishing' where id = $1`, [post!.id]);
    const during = await client
      .from('posts')
      .update({ carousel_slides: { slides: [] } })
      .eq('id', post!.id);
    expect(during.error).toMatchObject({ code: '55006' });
    const removed = await client
      .from('posts')
      .update({ carousel_title: null, carousel_slides: null })
      .eq('id', post!.id);
    expect(removed.error).toMatchObject({ code: '55006' });
  });
});

describe('carousels through the posts store', () => {
  const store = () => usePostsStore.getState();
  const newDraft = async () => {
    const post = await store().createPost('Carousel', 'We shipped.');
    await store().fetchPosts();
    return post;
  };

  it('saves slides and title first, then stores the exported PDF in the user’s folder and points the post at it', async () => {
    const post = await newDraft();
    const drafted = await store().saveCarousel(post.id, { title: '  Ship small  ', slides });
    expect(drafted).toMatchObject({
      carousel_path: null,
      carousel_title: 'Ship small',
      carousel_slides: slides,
    });

    const pdf = await pdfBlob(5);
    const attached = await store().attachCarouselPdf(post.id, { pdf, title: 'Ship small', slides });
    expect(attached.carousel_path).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}\\.pdf$`));
    expect(store().posts.find((listed) => listed.id === post.id)).toEqual(attached);
    expect(await storedPdfs()).toEqual([attached.carousel_path]);
    const { data } = await getSupabase().storage.from(postCarouselsBucket).download(attached.carousel_path!);
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(new Uint8Array(await pdf.arrayBuffer()));

    // Editing the slides keeps the PDF; a new export replaces it, and the old file goes.
    const edited = await store().saveCarousel(post.id, { title: 'Ship smaller', slides: { slides: [] } });
    expect(edited).toMatchObject({ carousel_path: attached.carousel_path, carousel_title: 'Ship smaller' });
    const exported = await store().attachCarouselPdf(post.id, {
      pdf: await pdfBlob(2),
      title: 'Ship smaller',
      slides,
    });
    expect(exported.carousel_path).not.toBe(attached.carousel_path);
    await expect.poll(() => storedPdfs()).toEqual([exported.carousel_path]);
  });

  it('removes the carousel and its PDF, and deletes the PDF with its post', async () => {
    const post = await newDraft();
    const attached = await store().attachCarouselPdf(post.id, {
      pdf: await pdfBlob(),
      title: 'Deck',
      slides,
    });
    const removed = await store().removeCarousel(post.id);
    expect(removed).toMatchObject({ carousel_path: null, carousel_title: null, carousel_slides: null });
    await expect.poll(() => storedPdfs()).toEqual([]);
    expect(attached.carousel_path).not.toBeNull();

    const other = await newDraft();
    await store().attachCarouselPdf(other.id, { pdf: await pdfBlob(), title: 'Deck', slides });
    await store().deletePost(other.id);
    await expect.poll(() => storedPdfs()).toEqual([]);
  });

  it('refuses a carousel while the post has an image (and an image while it has a carousel), uploading nothing', async () => {
    const imagePath = `${userId}/photo.png`;
    await getSupabase().storage.from(postImagesBucket).upload(imagePath, png, { contentType: 'image/png' });
    const { data } = await getSupabase()
      .from('posts')
      .insert({ topic: 'Pictured', content: 'Text', image_path: imagePath })
      .select()
      .single();
    await store().fetchPosts();
    await expect(
      store().attachCarouselPdf(data!.id, { pdf: await pdfBlob(), title: 'Deck', slides }),
    ).rejects.toThrow(messages.image_or_carousel);
    await expect(store().saveCarousel(data!.id, { title: 'Deck', slides })).rejects.toThrow(
      messages.image_or_carousel,
    );
    expect(await storedPdfs()).toEqual([]);

    const post = await newDraft();
    await store().saveCarousel(post.id, { title: 'Deck', slides });
    const image: PreparedImage = {
      blob: new Blob([png], { type: 'image/png' }),
      type: 'image/png',
      extension: 'png',
      width: 1,
      height: 1,
    };
    await expect(
      store().updatePost(post.id, 'Text', {
        kind: 'replace',
        image,
        alt: '',
        previous: null,
      }),
    ).rejects.toThrow(messages.image_or_carousel);
    await getSupabase().storage.from(postImagesBucket).remove([imagePath]);
  });

  it('refuses, before uploading, a file that is not a PDF, one over 300 pages, and a PDF without a title', async () => {
    const post = await newDraft();
    const notPdf = new Blob(['<html></html>'], { type: 'application/pdf' });
    await expect(store().attachCarouselPdf(post.id, { pdf: notPdf, title: 'Deck', slides })).rejects.toThrow(
      'The carousel file is not a PDF.',
    );
    await expect(
      store().attachCarouselPdf(post.id, { pdf: await pdfBlob(301), title: 'Deck', slides }),
    ).rejects.toThrow('The carousel has 301 pages; LinkedIn takes documents of at most 300 pages.');
    await expect(
      store().attachCarouselPdf(post.id, { pdf: await pdfBlob(), title: ' ', slides }),
    ).rejects.toThrow(carouselMessages.titleMissing);
    expect(await storedPdfs()).toEqual([]);
    expect(store().posts.find((listed) => listed.id === post.id)?.carousel_path).toBeNull();
  });

  it('sweeps PDFs no post uses once they are an hour old, and keeps the others', async () => {
    const post = await newDraft();
    const used = await store().attachCarouselPdf(post.id, { pdf: await pdfBlob(), title: 'Deck', slides });
    const orphan = `${userId}/orphan.pdf`;
    await getSupabase()
      .storage.from(postCarouselsBucket)
      .upload(orphan, await pdfOf(1), { contentType: 'application/pdf' });
    expect(await sweepOrphanCarousels(userId)).toBe(0);
    expect(await sweepOrphanCarousels(userId, Date.now() + 2 * 60 * 60 * 1000)).toBe(1);
    expect(await storedPdfs()).toEqual([used.carousel_path]);
  });
});
