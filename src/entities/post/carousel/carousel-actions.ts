import { requireUserId } from '@/lib/supabase/client';
import { messages } from '@/config/messages';
import type { PostPatch } from '../api/update-post';
import type { Post } from '../post';
import { noCarousel, type CarouselContent } from './carousel';
import { carouselContentFields } from './carousel-fields';
import { discardCarouselPdfs, uploadCarouselPdf } from './post-carousels';

export { discardCarouselPdfs } from './post-carousels';

/**
 * What the posts store lends the carousel actions: the post as it knows it, its one way to change
 * a post (which keeps the list right), and its way of failing (the message the screen shows).
 */
export interface CarouselStore {
  currentPost: (id: string) => Promise<Post>;
  patchPost: (id: string, patch: PostPatch) => Promise<Post>;
  failPost: (error: unknown) => never;
}

/**
 * The posts store's carousel actions (usePostsStore's saveCarousel, attachCarouselPdf and
 * removeCarousel): loaded when the author first saves or removes a carousel, not with the
 * dashboard (docs/decisions/026). A post has an image or a carousel; adding the one while it has
 * the other is refused before anything is uploaded (the database refuses it too).
 */
export async function saveCarousel(
  store: CarouselStore,
  id: string,
  carousel: CarouselContent,
): Promise<Post> {
  let patch: PostPatch;
  try {
    const current = await store.currentPost(id);
    if (current.image_path !== null) throw new Error(messages.image_or_carousel);
    patch = carouselContentFields(carousel, { withPdf: current.carousel_path !== null });
  } catch (error) {
    return store.failPost(error);
  }
  return store.patchPost(id, patch);
}

export async function attachCarouselPdf(
  store: CarouselStore,
  id: string,
  { pdf, ...carousel }: CarouselContent & { pdf: Blob },
): Promise<Post> {
  let current: Post;
  let path: string;
  let fields: PostPatch;
  try {
    current = await store.currentPost(id);
    if (current.image_path !== null) throw new Error(messages.image_or_carousel);
    fields = carouselContentFields(carousel, { withPdf: true });
    path = await uploadCarouselPdf(await requireUserId(), pdf);
  } catch (error) {
    return store.failPost(error);
  }
  try {
    const post = await store.patchPost(id, { ...fields, carousel_path: path });
    // The PDF this export replaces (a failure here is swept up later).
    if (current.carousel_path !== path) void discardCarouselPdfs([current.carousel_path]);
    return post;
  } catch (error) {
    // The post does not point at it: the new PDF would be an orphan.
    void discardCarouselPdfs([path]);
    throw error;
  }
}

export async function removeCarousel(store: CarouselStore, id: string): Promise<Post> {
  let previous: string | null;
  try {
    previous = (await store.currentPost(id)).carousel_path;
  } catch (error) {
    return store.failPost(error);
  }
  const post = await store.patchPost(id, noCarousel);
  void discardCarouselPdfs([previous]);
  return post;
}
