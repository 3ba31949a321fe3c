import { create } from 'zustand';
import { mapBackendError } from '@/lib/errors/map-backend-error';
import { currentUserId, getSupabase } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';

interface IdeasState {
  ideas: TopicIdea[];
  loading: boolean;
  error: string | null;
  fetchIdeas: () => Promise<void>;
  /** The user's idea with exactly this topic, from the database, or null. */
  findTopic: (topic: string) => Promise<TopicIdea | null>;
  saveTopic: (topic: string) => Promise<TopicIdea>;
  incrementUsage: (id: string) => Promise<TopicIdea>;
  /** After a post is saved: +1 on the topic's idea, or a new idea with used_count 1. */
  recordTopicUse: (topic: string) => Promise<TopicIdea>;
  deleteIdea: (id: string) => Promise<void>;
  reset: () => void;
}

async function requireUser(): Promise<string> {
  const userId = await currentUserId();
  if (!userId) throw new Error('No authenticated user');
  return userId;
}

/** The ideas bank (spec §3 topic_ideas, §4 "Topic idea"). */
export const useIdeasStore = create<IdeasState>()((set, get) => {
  const fail = (error: unknown): never => {
    const message = error instanceof Error && !('code' in error) ? error.message : mapBackendError(error);
    set({ error: message });
    throw new Error(message);
  };
  const upsertLocal = (idea: TopicIdea) =>
    set({ ideas: [idea, ...get().ideas.filter((existing) => existing.id !== idea.id)].sort((a, b) => b.created_at.localeCompare(a.created_at)), error: null });

  async function insertIdea(topic: string, usedCount: number): Promise<TopicIdea> {
    const userId = await requireUser();
    const { data, error } = await getSupabase().from('topic_ideas').insert({ topic, user_id: userId, used_count: usedCount }).select().single();
    if (error) throw error;
    return data as TopicIdea;
  }

  async function setUsage(id: string, usedCount: number): Promise<TopicIdea> {
    const { data, error } = await getSupabase().from('topic_ideas').update({ used_count: usedCount }).eq('id', id).select().single();
    if (error) throw error;
    return data as TopicIdea;
  }

  return {
    ideas: [],
    loading: false,
    error: null,

    fetchIdeas: async () => {
      set({ loading: true, error: null });
      try {
        const userId = await requireUser();
        const { data, error } = await getSupabase().from('topic_ideas').select('*').eq('user_id', userId).order('created_at', { ascending: false });
        if (error) throw error;
        set({ ideas: data as TopicIdea[], loading: false });
      } catch (error) {
        set({ ideas: [], loading: false });
        fail(error);
      }
    },

    findTopic: async (topic) => {
      try {
        const userId = await requireUser();
        const { data, error } = await getSupabase().from('topic_ideas').select('*').eq('user_id', userId).eq('topic', topic).maybeSingle();
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
        return fail(error);
      }
    },

    incrementUsage: async (id) => {
      const current = get().ideas.find((idea) => idea.id === id);
      if (!current) return fail(new Error('Topic not found'));
      try {
        const idea = await setUsage(id, current.used_count + 1);
        upsertLocal(idea);
        return idea;
      } catch (error) {
        return fail(error);
      }
    },

    recordTopicUse: async (topic) => {
      try {
        const existing = await get().findTopic(topic);
        let idea: TopicIdea;
        if (existing) {
          idea = await setUsage(existing.id, existing.used_count + 1);
        } else {
          try {
            idea = await insertIdea(topic, 1);
          } catch (error) {
            // Saved from two tabs at once: the other one created it first, so count this use on it.
            if ((error as { code?: string }).code !== '23505') throw error;
            const created = await get().findTopic(topic);
            if (!created) throw error;
            idea = await setUsage(created.id, created.used_count + 1);
          }
        }
        upsertLocal(idea);
        return idea;
      } catch (error) {
        return fail(error);
      }
    },

    deleteIdea: async (id) => {
      try {
        const { error } = await getSupabase().from('topic_ideas').delete().eq('id', id);
        if (error) throw error;
        set({ ideas: get().ideas.filter((idea) => idea.id !== id), error: null });
      } catch (error) {
        fail(error);
      }
    },

    reset: () => set({ ideas: [], loading: false, error: null }),
  };
});
