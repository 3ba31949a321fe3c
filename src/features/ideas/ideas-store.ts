import { create } from 'zustand';
import { storeErrorMessage } from '@/lib/errors/store-error-message';
import { getSupabase, requireUserId } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';
import { compareNewestFirst } from './filter-ideas';

/** The backend returns at most 1,000 rows per read, so the list is fetched in pages of that size. */
export const ideasPageSize = 1000;

const topicNotFound = 'Topic not found';

interface IdeasState {
  ideas: TopicIdea[];
  /** True until the first page of a fetch has arrived (or the fetch failed). */
  loading: boolean;
  /** True while the pages after the first are still arriving. */
  loadingMore: boolean;
  error: string | null;
  /** Loads every idea of the user, newest first; the first page shows before the rest arrive. */
  fetchIdeas: () => Promise<void>;
  /** The user's idea with exactly this topic, from the database, or null. */
  findTopic: (topic: string) => Promise<TopicIdea | null>;
  saveTopic: (topic: string) => Promise<TopicIdea>;
  incrementUsage: (id: string) => Promise<TopicIdea>;
  /** After a post is saved: +1 on the topic's idea, or a new idea with used_count 1. */
  recordTopicUse: (topic: string) => Promise<TopicIdea>;
  /**
   * Deletes an idea of the local list. Resolves true when this call deleted the row, false when it
   * was already gone (deleted in another tab); either way it leaves the list.
   */
  deleteIdea: (id: string) => Promise<boolean>;
  reset: () => void;
}

const isNoRow = (error: unknown) => (error as { code?: unknown } | null)?.code === 'PGRST116';

/** The ideas bank (docs/product.md §12 topic_ideas, §4 "Topic idea"). */
export const useIdeasStore = create<IdeasState>()((set, get) => {
  // Each fetch (and reset) takes a new number; an older fetch stops appending once it is overtaken,
  // so a sign-out or a newer refresh never gets mixed with a stale page.
  let fetchRun = 0;

  const fail = (error: unknown): never => {
    const message = storeErrorMessage(error);
    set({ error: message });
    throw new Error(message);
  };
  const upsertLocal = (idea: TopicIdea) =>
    set({
      ideas: [idea, ...get().ideas.filter((existing) => existing.id !== idea.id)].sort(compareNewestFirst),
      error: null,
    });
  const removeLocal = (id: string) => set({ ideas: get().ideas.filter((idea) => idea.id !== id) });

  async function insertIdea(topic: string, usedCount: number): Promise<TopicIdea> {
    const userId = await requireUserId();
    const { data, error } = await getSupabase()
      .from('topic_ideas')
      .insert({ topic, user_id: userId, used_count: usedCount })
      .select()
      .single();
    if (error) throw error;
    return data as TopicIdea;
  }

  /**
   * +1 in one statement (count_topic_use), so two tabs counting at once count 2. Row-level
   * security hides other users' rows, so an idea that is gone or not the user's yields no row;
   * `.single()` turns that into PGRST116 instead of a silent success.
   */
  async function countUse(id: string): Promise<TopicIdea> {
    const { data, error } = await getSupabase().rpc('count_topic_use', { idea_id: id }).single();
    if (isNoRow(error)) {
      removeLocal(id);
      throw new Error(topicNotFound);
    }
    if (error) throw error;
    return data as TopicIdea;
  }

  async function fetchPage(userId: string, page: number): Promise<TopicIdea[]> {
    const from = page * ideasPageSize;
    const { data, error } = await getSupabase()
      .from('topic_ideas')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .range(from, from + ideasPageSize - 1);
    if (error) throw error;
    return data as TopicIdea[];
  }

  return {
    ideas: [],
    loading: false,
    loadingMore: false,
    error: null,

    fetchIdeas: async () => {
      const run = ++fetchRun;
      const current = () => run === fetchRun;
      // A first load shows each page as it arrives; a refresh keeps the list on screen and swaps
      // in the complete new one, so the count never drops back to the first page.
      const refreshing = get().ideas.length > 0;
      set({ loading: !refreshing, loadingMore: false, error: null });
      try {
        const userId = await requireUserId();
        let rows = await fetchPage(userId, 0);
        if (!current()) return;
        let collected = rows;
        if (!refreshing) set({ ideas: rows, loading: false, loadingMore: rows.length === ideasPageSize });
        for (let page = 1; rows.length === ideasPageSize; page += 1) {
          rows = await fetchPage(userId, page);
          if (!current()) return;
          // An idea added meanwhile shifts the offsets by one, so a row seen twice is skipped.
          const seen = new Set(collected.map((idea) => idea.id));
          collected = [...collected, ...rows.filter((idea) => !seen.has(idea.id))];
          if (!refreshing) {
            // Appended to the list as it is now, so a reuse or delete made meanwhile is kept.
            const shown = get().ideas;
            const known = new Set(shown.map((idea) => idea.id));
            set({
              ideas: [...shown, ...rows.filter((idea) => !known.has(idea.id))],
              loadingMore: rows.length === ideasPageSize,
            });
          }
        }
        if (refreshing) set({ ideas: collected, loading: false, loadingMore: false });
      } catch (error) {
        if (!current()) return;
        set({ ideas: [], loading: false, loadingMore: false });
        fail(error);
      }
    },

    findTopic: async (topic) => {
      try {
        const userId = await requireUserId();
        const { data, error } = await getSupabase()
          .from('topic_ideas')
          .select('*')
          .eq('user_id', userId)
          .eq('topic', topic)
          .maybeSingle();
        if (error) throw error;
        return (data as TopicIdea | null) ?? null;
      } catch (error) {
        return fail(error);
      }
    },

    saveTopic: async (topic) => {
      if (await get().findTopic(topic)) return fail(new Error('Topic already saved'));
      try {
        const idea = await insertIdea(topic, 0);
        upsertLocal(idea);
        return idea;
      } catch (error) {
        // Saved from another tab between the check and the insert.
        if ((error as { code?: unknown }).code === '23505') return fail(new Error('Topic already saved'));
        return fail(error);
      }
    },

    incrementUsage: async (id) => {
      if (!get().ideas.some((idea) => idea.id === id)) return fail(new Error(topicNotFound));
      try {
        const idea = await countUse(id);
        upsertLocal(idea);
        return idea;
      } catch (error) {
        return fail(error);
      }
    },

    recordTopicUse: async (topic) => {
      try {
        // Signed out, the spec's "No authenticated user" rather than the database's refusal.
        await requireUserId();
        // One statement (record_topic_use): +1, or a new idea counted 1; two tabs at once count 2.
        const { data, error } = await getSupabase().rpc('record_topic_use', { topic }).single();
        if (error) throw error;
        const idea = data as TopicIdea;
        upsertLocal(idea);
        return idea;
      } catch (error) {
        return fail(error);
      }
    },

    deleteIdea: async (id) => {
      // Only ideas of the list can be deleted: an id from elsewhere (another user's) is refused here.
      if (!get().ideas.some((idea) => idea.id === id)) return fail(new Error(topicNotFound));
      try {
        const { data, error } = await getSupabase().from('topic_ideas').delete().eq('id', id).select('id');
        if (error) throw error;
        // No row deleted: another tab already removed it. The user wanted it gone, and it is.
        removeLocal(id);
        set({ error: null });
        return (data ?? []).length > 0;
      } catch (error) {
        return fail(error);
      }
    },

    reset: () => {
      fetchRun += 1;
      set({ ideas: [], loading: false, loadingMore: false, error: null });
    },
  };
});
