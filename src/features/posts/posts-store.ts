import { create } from 'zustand';
import { storeErrorMessage } from '@/lib/errors/store-error-message';
import { getSupabase, requireUserId } from '@/lib/supabase/client';
import type { Post } from '@/lib/supabase/database-types';

export const postsPageSize = 50;
/** The server's read cap (MAX_ROWS); a month is read in pages of this size. */
const monthPageSize = 1000;

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

/** Posts of the signed-in user, newest first, loaded a page at a time (docs/wire-formats.md §6 "Posts list"). */
export const usePostsStore = create<PostsState>()((set, get) => {
  /** Store actions keep the mapped message in `error` and rethrow it (docs/product.md §15). */
  const fail = (error: unknown): never => {
    const message = storeErrorMessage(error);
    set({ error: message });
    throw new Error(message);
  };

  /** Updates one post and replaces it in the list; a post that is gone (or not the user's) is PGRST116. */
  async function patchPost(
    id: string,
    patch: Partial<Pick<Post, 'content' | 'is_published'>>,
  ): Promise<Post> {
    try {
      const { data, error } = await getSupabase().from('posts').update(patch).eq('id', id).select().single();
      if (error) throw error;
      const post = data as Post;
      set({ posts: get().posts.map((existing) => (existing.id === id ? post : existing)), error: null });
      return post;
    } catch (error) {
      return fail(error);
    }
  }

  async function page(offset: number): Promise<Post[]> {
    const userId = await requireUserId();
    const { data, error } = await getSupabase()
      .from('posts')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .range(offset, offset + postsPageSize - 1);
    if (error) throw error;
    return data as Post[];
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
        const userId = await requireUserId();
        const { data, error } = await getSupabase()
          .from('posts')
          .insert({ topic, content, user_id: userId, is_published: false })
          .select()
          .single();
        if (error) throw error;
        const post = data as Post;
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
        const userId = await requireUserId();
        // Reads stop at the server's row cap (1,000): page until a short page, so a busy month is whole.
        const month: Post[] = [];
        for (let offset = 0; ; offset += monthPageSize) {
          const { data, error } = await getSupabase()
            .from('posts')
            .select('*')
            .eq('user_id', userId)
            .gte('created_at', from.toISOString())
            .lt('created_at', to.toISOString())
            .order('created_at', { ascending: true })
            .order('id', { ascending: true })
            .range(offset, offset + monthPageSize - 1);
          if (error) throw error;
          month.push(...(data as Post[]));
          if (data.length < monthPageSize) return month;
        }
      } catch (error) {
        return fail(error);
      }
    },

    deletePost: async (id) => {
      try {
        const { error } = await getSupabase().from('posts').delete().eq('id', id);
        if (error) throw error;
        set({ posts: get().posts.filter((post) => post.id !== id), error: null });
      } catch (error) {
        fail(error);
      }
    },

    reset: () => set({ posts: [], loading: false, error: null, hasMore: false }),
  };
});
