import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AiRequestError } from '@/lib/ai/ai-error';
import { currentAccessToken } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import { generatePost, type GenerateContext, type GenerateRequest } from './generate-post';

type Status = 'idle' | 'generating';

interface GeneratorState {
  topic: string;
  /** The post in the preview (streamed text while generating). */
  content: string;
  /** The topic the current content was generated for (saved with it). */
  contentTopic: string;
  status: Status;
  error: string | null;
  setTopic: (topic: string) => void;
  setContent: (content: string) => void;
  generate: (request: Omit<GenerateRequest, 'topic'>, context: Omit<GenerateContext, 'accessToken' | 'onProgress' | 'signal'>) => Promise<void>;
  stop: () => void;
  clearPreview: () => void;
  reset: () => void;
}

let controller: AbortController | null = null;

/**
 * The dashboard's draft: the typed topic and the generated post survive a reload (persisted, as
 * drafts only: saved posts live in Postgres). A failure keeps both and shows the error.
 */
export const useGeneratorStore = create<GeneratorState>()(
  persist(
    (set, get) => ({
      topic: '',
      content: '',
      contentTopic: '',
      status: 'idle',
      error: null,

      setTopic: (topic) => set({ topic }),
      setContent: (content) => set({ content }),

      generate: async (request, context) => {
        const topic = get().topic;
        if (get().status === 'generating' || topic.trim() === '') return;
        controller?.abort();
        controller = new AbortController();
        set({ status: 'generating', error: null, content: '', contentTopic: topic.trim() });
        try {
          const accessToken = await currentAccessToken();
          if (!accessToken) throw new AiRequestError('Session expired. Please sign in again.', 401);
          const post = await generatePost(
            { ...request, topic },
            { ...context, accessToken, signal: controller.signal, onProgress: (text) => set({ content: text }) },
          );
          set({ content: post, status: 'idle' });
        } catch (error) {
          const message = error instanceof Error && error.message ? error.message : 'Failed to generate post';
          // Partial text stays visible; nothing is saved by accident.
          set({ status: 'idle', error: message });
          toast.error(message);
        } finally {
          controller = null;
        }
      },

      stop: () => controller?.abort(),
      clearPreview: () => set({ content: '', contentTopic: '', error: null }),
      reset: () => {
        controller?.abort();
        set({ topic: '', content: '', contentTopic: '', status: 'idle', error: null });
      },
    }),
    {
      name: 'post-writer-draft',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ topic: state.topic, content: state.content, contentTopic: state.contentTopic }),
    },
  ),
);
