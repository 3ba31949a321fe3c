import { create } from 'zustand';
import { storeErrorMessage } from '@/lib/errors/store-error-message';
import { requireUserId } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';
import { countTopicUse } from './api/count-topic-use';
import { deleteIdea } from './api/delete-idea';
import { fetchIdeasPage, ideasPageSize } from './api/fetch-ideas-page';
import { insertIdea } from './api/insert-idea';
import { recordTopicUse } from './api/record-topic-use';
import { compareNewestFirst } from './filter-ideas';
import { checkIdeaTopic } from './idea-topic';

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
  incrementUsage: (id: string) => Promise<TopicIdea>;
  /** After a post is saved: +1 on the topic's idea, or a new idea with used_count 1. */
  recordTopicUse: (topic: string) => Promise<TopicIdea>;
  /**
   * An idea typed by hand: the trimmed topic as a new idea used 0 times. Rejects with
   * "Topic already saved" for a topic the user has, and says why a blank or too long one is refused.
   */
  addIdea: (topic: string) => Promise<TopicIdea>;
  /**
   * Deletes an idea of the local list. Resolves true when this call deleted the row, false when it
   * was already gone (deleted in another tab); either way it leaves the list.
   */
  deleteIdea: (id: string) => Promise<boolean>;
  reset: () => void;
}

/**
 * The ideas bank (docs/product.md §12 topic_ideas, §4 "Topic idea"). The queries are in `api/`; the store keeps
 * the list and its states. (Object keys such as `deleteIdea` below are the store's actions; the
 * calls inside them are the `api/` functions.)
 */
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
        let rows = await fetchIdeasPage(userId, 0);
        if (!current()) return;
        let collected = rows;
        if (!refreshing) set({ ideas: rows, loading: false, loadingMore: rows.length === ideasPageSize });
        for (let page = 1; rows.length === ideasPageSize; page += 1) {
          rows = await fetchIdeasPage(userId, page);
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

    incrementUsage: async (id) => {
      if (!get().ideas.some((idea) => idea.id === id)) return fail(new Error(topicNotFound));
      let idea: TopicIdea | null;
      try {
        idea = await countTopicUse(id);
      } catch (error) {
        return fail(error);
      }
      if (!idea) {
        // Deleted meanwhile (another tab), or not the user's: it leaves the list.
        removeLocal(id);
        return fail(new Error(topicNotFound));
      }
      upsertLocal(idea);
      return idea;
    },

    recordTopicUse: async (topic) => {
      try {
        const idea = await recordTopicUse(topic);
        upsertLocal(idea);
        return idea;
      } catch (error) {
        return fail(error);
      }
    },

    addIdea: async (input) => {
      const checked = checkIdeaTopic(input);
      if (!checked.ok) return fail(new Error(checked.message));
      try {
        const idea = await insertIdea(await requireUserId(), checked.topic);
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
        const deleted = await deleteIdea(id);
        // No row deleted: another tab already removed it. The user wanted it gone, and it is.
        removeLocal(id);
        set({ error: null });
        return deleted;
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
