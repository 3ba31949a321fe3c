import { create } from 'zustand';
import { messages } from '@/config/messages';
import { storeErrorMessage } from '@/lib/errors/store-error-message';
import { requireUserId } from '@/lib/supabase/client';
import type { Post, PublishStatus } from '@/entities/post/post';
import { deletePost } from '@/entities/post/api/delete-post';
import { fetchPostsBetween } from '@/entities/post/api/fetch-posts-between';
import { fetchPostsById } from '@/entities/post/api/fetch-posts-by-id';
import { fetchPostsPage } from '@/entities/post/api/fetch-posts-page';
import { fetchUpcomingPosts } from '@/entities/post/api/fetch-upcoming-posts';
import type { ImageEdit, PendingImage } from '@/entities/post/image/image-attachment';
import { insertPost } from '@/entities/post/api/insert-post';
import { publishToLinkedIn, retryFirstComment } from '@/entities/post/publishing/linkedin-api';
import { altOrNull, discardImages, storeImage } from '@/entities/post/image/post-image-files';
import { sweepOrphanImages } from '@/entities/post/image/sweep-orphan-images';
import { updatePost, type PostPatch } from '@/entities/post/api/update-post';
import { queuePost } from '@/entities/post/api/queue-post';
import { hasCarousel, type CarouselContent } from '@/entities/post/carousel/carousel';
import type { CarouselStore } from '@/entities/post/carousel/carousel-actions';
import { postActionFailure } from './post-action-failure';

export const postsPageSize = 50;

/** Which posts Saved Posts lists (docs/product.md §7.1). */
export const postFilters = {
  all: null,
  draft: ['draft'],
  scheduled: ['scheduled', 'publishing'],
  published: ['published'],
  failed: ['failed'],
} as const satisfies Record<string, readonly PublishStatus[] | null>;
export type PostFilter = keyof typeof postFilters;

interface PostsState {
  posts: Post[];
  /** Which posts are listed (all, or one publishing status). */
  filter: PostFilter;
  /** Lists only the posts of `filter` (from the newest again). */
  setFilter: (filter: PostFilter) => Promise<void>;
  loading: boolean;
  error: string | null;
  /** More (older) posts exist beyond what is loaded. */
  hasMore: boolean;
  fetchPosts: () => Promise<void>;
  loadMore: () => Promise<void>;
  /**
   * Saves a new post, planned for `plannedAt` when given (the database then schedules it); its
   * image, if any, is uploaded first (nothing is saved if that fails).
   */
  createPost: (
    topic: string,
    content: string,
    image?: PendingImage | null,
    plannedAt?: Date | null,
  ) => Promise<Post>;
  /**
   * Saves edited text and, when given, what happens to the image and the first comment. A new image
   * is refused while the post has a carousel (remove that first).
   */
  updatePost: (id: string, content: string, image?: ImageEdit, firstComment?: string) => Promise<Post>;
  /**
   * Saves a carousel's title and slides on the post, keeping its PDF if it has one (no export
   * needed). Refused while the post has an image: the author removes that first.
   */
  saveCarousel: (id: string, carousel: CarouselContent) => Promise<Post>;
  /**
   * Stores an exported carousel PDF in the user's folder and points the post at it, with the title
   * (required) and slides it was made from; the PDF it replaces is deleted. Refused, before
   * anything is uploaded, while the post has an image, or for a PDF LinkedIn would not take.
   */
  attachCarouselPdf: (id: string, carousel: CarouselContent & { pdf: Blob }) => Promise<Post>;
  /** Takes the carousel off the post (slides, title and PDF) and deletes its PDF. */
  removeCarousel: (id: string) => Promise<Post>;
  togglePublished: (id: string) => Promise<Post>;
  /** Marks a post published by hand (posted outside the app), whether or not it is in the list. */
  markPublished: (id: string) => Promise<Post>;
  /** Plans the post for a time (or unplans it with null); the database sets its status. */
  planPost: (id: string, plannedAt: Date | null) => Promise<Post>;
  /**
   * "Add to queue": plans a draft for the next free posting time (docs/product.md §9.6). Rejects
   * with NoPostingTimesError when no posting times are set, else with the reason.
   */
  queuePost: (id: string) => Promise<Post>;
  /** Publishes the post to LinkedIn now (also "Retry"); resolves with the post as stored afterwards. */
  publishPost: (id: string, apiBaseUrl: string) => Promise<Post>;
  /** Posts a published post's failed first comment again (only the comment); the post as stored afterwards. */
  retryFirstComment: (id: string, apiBaseUrl: string) => Promise<Post>;
  /** Planned posts still to go out, soonest first (the calendar's Upcoming list); not merged into `posts`. */
  fetchUpcoming: (limit: number) => Promise<Post[]>;
  /** Reads the listed posts again (the publisher or another tab may have changed them); keeps the list's order. */
  refreshPosts: () => Promise<void>;
  /** Puts a post read elsewhere (the calendar, a refresh) in place of its copy in the list. */
  applyPost: (post: Post) => void;
  /** Posts created in [from, to), oldest first (one calendar month); not merged into `posts`. */
  fetchPostsBetween: (from: Date, to: Date) => Promise<Post[]>;
  deletePost: (id: string) => Promise<void>;
  reset: () => void;
}

/**
 * The carousel actions (their checks, Storage and the PDF checks) load when a carousel is saved or
 * removed, not with the dashboard (docs/decisions/026).
 */
const carouselActions = () => import('@/entities/post/carousel/carousel-actions');

/** Removes a carousel PDF no post uses any more; a failure is only logged, and swept up later. */
function discardCarouselPdf(path: string | null | undefined): void {
  if (path)
    carouselActions()
      .then((actions) => actions.discardCarouselPdfs([path]))
      .catch((error: unknown) => console.warn('A carousel PDF no post uses could not be removed yet', error));
}

/**
 * Posts of the signed-in user, newest first, loaded a page at a time (docs/wire-formats.md §6 "Posts list").
 * The queries are in `api/`; the store keeps the list and its states. (Object keys such as
 * `deletePost` below are the store's actions; the calls inside them are the `api/` functions.)
 */
/** The user whose folder was swept this session: once per sign-in is enough. */
let sweptFor: string | null = null;

/** Removes images and carousel PDFs no post uses, once per user and session; a failure waits for the next session. */
async function sweepOnce(): Promise<void> {
  const userId = await requireUserId().catch(() => null);
  if (!userId || sweptFor === userId) return;
  sweptFor = userId;
  try {
    await sweepOrphanImages(userId);
  } catch (error) {
    console.warn('Unused images could not be cleaned up this time', error);
  }
  try {
    const { sweepOrphanCarousels } = await import('@/entities/post/carousel/sweep-orphan-carousels');
    await sweepOrphanCarousels(userId);
  } catch (error) {
    console.warn('Unused carousel PDFs could not be cleaned up this time', error);
  }
}

export const usePostsStore = create<PostsState>()((set, get) => {
  /**
   * Loading the list keeps the mapped message in `error` and rethrows it (docs/product.md §15): the
   * page shows it once, with "Try again".
   */
  const fail = (error: unknown): never => {
    const message = storeErrorMessage(error);
    set({ error: message });
    throw new Error(message);
  };

  /**
   * A change of one post rejects with its message and leaves `error` (the list's) alone: the screen
   * that asked says it once, beside the post, and the list stays as it was (docs/product.md §7.2).
   * `what` (e.g. "Couldn't change the post's status.") leads the message; without it the mapped
   * message is kept (edits and saves have their own words on screen).
   */
  const failPost = (error: unknown, what?: string): never => {
    throw what ? postActionFailure(what, error) : new Error(storeErrorMessage(error), { cause: error });
  };

  /** Updates one post and replaces it in the list. */
  async function patchPost(id: string, patch: PostPatch, what?: string): Promise<Post> {
    try {
      const post = await updatePost(id, patch);
      set({ posts: get().posts.map((existing) => (existing.id === id ? post : existing)) });
      return post;
    } catch (error) {
      return failPost(error, what);
    }
  }

  /** The post as the list has it, else as stored (a post opened elsewhere); rejects when it is gone. */
  async function currentPost(id: string): Promise<Post> {
    const listed = get().posts.find((post) => post.id === id);
    if (listed) return listed;
    const [stored] = await fetchPostsById([id]);
    if (!stored) throw new Error(messages.post_not_found);
    return stored;
  }

  /** What the carousel actions (loaded when first used) need of the store. */
  const carouselStore: CarouselStore = { currentPost, patchPost, failPost };

  async function page(offset: number): Promise<Post[]> {
    return fetchPostsPage(await requireUserId(), offset, postsPageSize, postFilters[get().filter]);
  }

  /** Counts list loads: an answer for an older filter (or load) is not shown over a newer one. */
  let loads = 0;

  /** The image fields an edit leads to, and the stored image it leaves unused. */
  async function applyImageEdit(edit: ImageEdit): Promise<{ patch: PostPatch; unused: string | null }> {
    if (edit.kind === 'keep') return { patch: { image_alt: altOrNull(edit.alt) }, unused: null };
    if (edit.kind === 'remove')
      return { patch: { image_path: null, image_alt: null }, unused: edit.previous };
    return { patch: await storeImage(await requireUserId(), edit.image, edit.alt), unused: edit.previous };
  }

  return {
    posts: [],
    filter: 'all',
    loading: false,
    error: null,
    hasMore: false,

    fetchPosts: async () => {
      const load = ++loads;
      set({ loading: true, error: null });
      try {
        const posts = await page(0);
        if (load !== loads) return;
        set({ posts, hasMore: posts.length === postsPageSize, loading: false });
        void sweepOnce();
      } catch (error) {
        if (load !== loads) return;
        set({ posts: [], hasMore: false, loading: false }); // docs/product.md §15: the list is cleared on error
        fail(error);
      }
    },

    setFilter: async (filter) => {
      if (filter === get().filter) return;
      set({ filter, posts: [], hasMore: false });
      await get().fetchPosts();
    },

    loadMore: async () => {
      const { posts, hasMore, loading } = get();
      if (!hasMore || loading) return;
      set({ loading: true });
      try {
        const next = await page(posts.length);
        const known = new Set(posts.map((post) => post.id));
        set({
          posts: [...posts, ...next.filter((post) => !known.has(post.id))],
          hasMore: next.length === postsPageSize,
          loading: false,
        });
      } catch (error) {
        set({ loading: false });
        fail(error);
      }
    },

    createPost: async (topic, content, image, plannedAt = null) => {
      let stored: string | null = null;
      try {
        const userId = await requireUserId();
        const fields = image ? await storeImage(userId, image.image, image.alt) : undefined;
        stored = fields?.image_path ?? null;
        const post = await insertPost(userId, topic, content, fields, plannedAt);
        set({ posts: [post, ...get().posts.filter((existing) => existing.id !== post.id)] });
        return post;
      } catch (error) {
        // The post was not saved: its uploaded image would be an orphan.
        if (stored) void discardImages([stored]);
        return failPost(error);
      }
    },

    updatePost: async (id, content, image, firstComment) => {
      const comment: PostPatch =
        firstComment === undefined ? {} : { first_comment: firstComment.trim() === '' ? null : firstComment };
      if (!image) return patchPost(id, { content, ...comment });
      let change: { patch: PostPatch; unused: string | null };
      try {
        const listed = get().posts.find((post) => post.id === id);
        if (image.kind === 'replace' && listed && hasCarousel(listed))
          throw new Error(messages.image_or_carousel);
        change = await applyImageEdit(image);
      } catch (error) {
        return failPost(error);
      }
      try {
        const post = await patchPost(id, { content, ...comment, ...change.patch });
        void discardImages([change.unused]);
        return post;
      } catch (error) {
        if (image.kind === 'replace') void discardImages([change.patch.image_path ?? null]);
        throw error;
      }
    },

    saveCarousel: async (id, carousel) =>
      (await carouselActions().catch(failPost)).saveCarousel(carouselStore, id, carousel),
    attachCarouselPdf: async (id, carousel) =>
      (await carouselActions().catch(failPost)).attachCarouselPdf(carouselStore, id, carousel),
    removeCarousel: async (id) => (await carouselActions().catch(failPost)).removeCarousel(carouselStore, id),

    togglePublished: async (id) => {
      const current = get().posts.find((post) => post.id === id);
      if (!current) return failPost(new Error(messages.post_not_found), messages.post_status_failed);
      return patchPost(id, { is_published: !current.is_published }, messages.post_status_failed);
    },

    markPublished: (id) => patchPost(id, { is_published: true }, messages.post_status_failed),

    planPost: (id, plannedAt) =>
      patchPost(id, { planned_at: plannedAt?.toISOString() ?? null }, messages.post_plan_failed),

    // queuePost's errors are in the user's words already (and say when no times are set).
    queuePost: async (id) => {
      const post = await queuePost(id);
      get().applyPost(post);
      return post;
    },

    publishPost: async (id, apiBaseUrl) => {
      try {
        const post = await publishToLinkedIn(apiBaseUrl, id);
        get().applyPost(post);
        return post;
      } catch (error) {
        // The server's own words (LinkedIn's reasons, docs/product.md §7.5).
        return failPost(error);
      }
    },

    retryFirstComment: async (id, apiBaseUrl) => {
      try {
        const post = await retryFirstComment(apiBaseUrl, id);
        get().applyPost(post);
        return post;
      } catch (error) {
        // Shown once, beside the comment: not the list's `error`, which offers to reload the list.
        throw new Error(storeErrorMessage(error), { cause: error });
      }
    },

    fetchUpcoming: async (limit) => {
      try {
        return await fetchUpcomingPosts(await requireUserId(), limit);
      } catch (error) {
        return fail(error);
      }
    },

    refreshPosts: async () => {
      const ids = get().posts.map((post) => post.id);
      try {
        const fresh = new Map((await fetchPostsById(ids)).map((post) => [post.id, post]));
        // A post deleted elsewhere leaves the list; the others take their stored state.
        set({
          posts: get().posts.flatMap((post) => {
            if (!ids.includes(post.id)) return [post];
            const stored = fresh.get(post.id);
            return stored ? [stored] : [];
          }),
        });
      } catch (error) {
        // A quiet refresh: the list stays as it was, and the next one may work.
        console.warn('Could not refresh the posts', error);
      }
    },

    applyPost: (post) =>
      set({ posts: get().posts.map((existing) => (existing.id === post.id ? post : existing)) }),

    fetchPostsBetween: async (from, to) => {
      try {
        return await fetchPostsBetween(await requireUserId(), from, to);
      } catch (error) {
        return fail(error);
      }
    },

    deletePost: async (id) => {
      try {
        const listed = get().posts.find((post) => post.id === id);
        await deletePost(id);
        set({ posts: get().posts.filter((post) => post.id !== id) });
        // The image or carousel PDF goes with its post (a failure here, or a post not in the
        // list, is swept up later).
        void discardImages([listed?.image_path ?? null]);
        discardCarouselPdf(listed?.carousel_path);
      } catch (error) {
        failPost(error, messages.post_delete_failed);
      }
    },

    reset: () => set({ posts: [], filter: 'all', loading: false, error: null, hasMore: false }),
  };
});
