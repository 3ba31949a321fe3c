import { create } from 'zustand';
import { storeErrorMessage } from '@/lib/errors/store-error-message';
import { requireUserId } from '@/lib/supabase/client';
import type { Post } from '@/lib/supabase/database-types';
import { deletePost } from './api/delete-post';
import { fetchPostsBetween } from './api/fetch-posts-between';
import { fetchPostsPage } from './api/fetch-posts-page';
import { insertPost } from './api/insert-post';
import { updatePost, type PostPatch } from './api/update-post';

export const postsPageSize = 50;

interface PostsState {
  posts: Post[];
  loading: boolean;
  error: string | null;
  /** More (older) posts exist beyond what is loaded. */
  hasMore: boolean;
  fetchPosts: () => Promise<void>;
  loadMore: () => Promise<void>;
  createPost: (topic: string, content: string) => Promise<Post>;
  updatePost: (id: string, content: string) => Promise<Post>;
  togglePublished: (id: string) => Promise<Post>;
  /** Posts created in [from, to), oldest first (one calendar month); not merged into `posts`. */
  fetchPostsBetween: (from: Date, to: Date) => Promise<Post[]>;
  deletePost: (id: string) => Promise<void>;
  reset: () => void;
}

/**
 * Posts of the signed-in user, newest first, loaded a page at a time (docs/wire-formats.md §6 "Posts list").
 * The queries are in `api/`; the store keeps the list and its states. (Object keys such as
 * `deletePost` below are the store's actions; the calls inside them are the `api/` functions.)
 */
export const usePostsStore = create<PostsState>()((set, get) => {
  /** Store actions keep the mapped message in `error` and rethrow it (docs/product.md §15). */
  const fail = (error: unknown): never => {
    const message = storeErrorMessage(error);
    set({ error: message });
    throw new Error(message);
  };

  /** Updates one post and replaces it in the list. */
  async function patchPost(id: string, patch: PostPatch): Promise<Post> {
    try {
      const post = await updatePost(id, patch);
      set({ posts: get().posts.map((existing) => (existing.id === id ? post : existing)), error: null });
      return post;
    } catch (error) {
      return fail(error);
    }
  }

  async function page(offset: number): Promise<Post[]> {
    return fetchPostsPage(await requireUserId(), offset, postsPageSize);
  }

  return {
    posts: [],
    loading: false,
    error: null,
    hasMore: false,

    fetchPosts: async () => {
      set({ loading: true, error: null });
      try {
        const posts = await page(0);
        set({ posts, hasMore: posts.length === postsPageSize, loading: false });
      } catch (error) {
        set({ posts: [], hasMore: false, loading: false }); // docs/product.md §15: the list is cleared on error
        fail(error);
      }
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

    createPost: async (topic, content) => {
      try {
        const post = await insertPost(await requireUserId(), topic, content);
        set({ posts: [post, ...get().posts.filter((existing) => existing.id !== post.id)], error: null });
        return post;
      } catch (error) {
        return fail(error);
      }
    },

    updatePost: (id, content) => patchPost(id, { content }),

    togglePublished: async (id) => {
      const current = get().posts.find((post) => post.id === id);
      if (!current) return fail(new Error('Post not found'));
      return patchPost(id, { is_published: !current.is_published });
    },

    fetchPostsBetween: async (from, to) => {
      try {
        return await fetchPostsBetween(await requireUserId(), from, to);
      } catch (error) {
        return fail(error);
      }
    },

    deletePost: async (id) => {
      try {
        await deletePost(id);
        set({ posts: get().posts.filter((post) => post.id !== id), error: null });
      } catch (error) {
        fail(error);
      }
    },

    reset: () => set({ posts: [], loading: false, error: null, hasMore: false }),
  };
});
