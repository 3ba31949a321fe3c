import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AiRequestError } from '@/lib/ai/ai-error';
import { currentAccessToken } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import { generatePost, type GenerateContext, type GenerateRequest } from './generate-post';
import { messages } from '@/config/messages';

type Status = 'idle' | 'generating';

interface Draft {
  /** The id of the user who wrote the draft; null until someone signs in. */
  ownerId: string | null;
  topic: string;
  /** The post in the preview (streamed text while generating). */
  content: string;
  /** The topic the current content was generated for (saved with it). */
  contentTopic: string;
  /** The content is what arrived before the generation failed: saving it takes an explicit choice. */
  incomplete: boolean;
}

interface GeneratorState extends Draft {
  status: Status;
  error: string | null;
  setTopic: (topic: string) => void;
  setContent: (content: string) => void;
  generate: (
    request: Omit<GenerateRequest, 'topic'>,
    context: Omit<GenerateContext, 'accessToken' | 'onProgress' | 'signal'>,
  ) => Promise<void>;
  stop: () => void;
  clearPreview: () => void;
  /**
   * Follows the signed-in user (null: signed out). A session that ended without a sign-out keeps the
   * draft for its owner's return; any other user gets an empty generator, and the stored draft is
   * replaced, so no account ever sees or inherits another's.
   */
  switchUser: (userId: string | null) => void;
  /** Forgets the draft in memory and in storage: an explicit sign-out. */
  reset: () => void;
}

export const draftStorageKey = 'post-writer-draft';

const noDraft: Draft = { ownerId: null, topic: '', content: '', contentTopic: '', incomplete: false };

/** The generation in flight; a run whose controller is no longer this one writes nothing more. */
let controller: AbortController | null = null;

function abandonGeneration(): void {
  controller?.abort();
  controller = null;
}

/**
 * The dashboard's draft: the typed topic and the generated post survive a reload (persisted, as
 * drafts only: saved posts live in Postgres), tied to the user who wrote them. A failure keeps both
 * and shows the error.
 */
export const useGeneratorStore = create<GeneratorState>()(
  persist(
    (set, get) => ({
      ...noDraft,
      status: 'idle',
      error: null,

      setTopic: (topic) => set({ topic }),
      setContent: (content) => set({ content }),

      generate: async (request, context) => {
        const topic = get().topic;
        if (get().status === 'generating' || topic.trim() === '') return;
        controller?.abort();
        const run = new AbortController();
        controller = run;
        // False once the user changed (switchUser) or a newer run started: this run's text is stale.
        const current = () => controller === run;
        // What the preview held, put back if this run fails before writing anything.
        const previous = {
          content: get().content,
          contentTopic: get().contentTopic,
          incomplete: get().incomplete,
        };
        let wrote = false;
        set({
          status: 'generating',
          error: null,
          content: '',
          contentTopic: topic.trim(),
          incomplete: false,
        });
        try {
          const accessToken = await currentAccessToken();
          if (!accessToken) throw new AiRequestError(messages.session_expired, 401);
          const post = await generatePost(
            { ...request, topic },
            {
              ...context,
              accessToken,
              signal: run.signal,
              onProgress: (text) => {
                if (!current()) return;
                wrote ||= text.trim() !== '';
                set({ content: text });
              },
            },
          );
          if (current()) set({ content: post, status: 'idle' });
        } catch (error) {
          if (!current()) return;
          const message = error instanceof Error && error.message ? error.message : 'Failed to generate post';
          // Partial text stays visible, marked incomplete so it is never saved by accident; a run
          // that wrote nothing gives the preview back what it had.
          set(
            wrote
              ? { status: 'idle', error: message, incomplete: true }
              : { ...previous, status: 'idle', error: message },
          );
          toast.error(message);
        } finally {
          if (current()) controller = null;
        }
      },

      stop: () => controller?.abort(),
      clearPreview: () => set({ content: '', contentTopic: '', incomplete: false, error: null }),
      switchUser: (userId) => {
        // Whatever was being generated belonged to the session that just ended.
        abandonGeneration();
        if (get().status === 'generating') set({ status: 'idle' });
        if (userId === null || userId === get().ownerId) return;
        set({ ...noDraft, ownerId: userId, error: null });
      },
      reset: () => {
        abandonGeneration();
        set({ ...noDraft, status: 'idle', error: null });
      },
    }),
    {
      name: draftStorageKey,
      // Version 2 added the owner: a version-1 draft cannot say whose it is, so it is dropped.
      version: 2,
      migrate: () => noDraft,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): Draft => ({
        ownerId: state.ownerId,
        topic: state.topic,
        content: state.content,
        contentTopic: state.contentTopic,
        // A draft stored while it was still streaming (the page reloaded mid-run) is incomplete too.
        incomplete: state.incomplete || state.status === 'generating',
      }),
    },
  ),
);
