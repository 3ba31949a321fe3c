import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AiRequestError } from '@/lib/ai/ai-error';
import { currentAccessToken } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import { messages } from '@/config/messages';
import { flushPostDocument } from '@/entities/post/document/autosave';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { saveMessages } from '@/entities/post/document/save-state';
import { generatePost, type GenerateContext, type GenerateRequest } from './generate-post';
import { rewriteName, type RewriteKind } from './build-post-prompt';
import { rewritePost, type RewriteContext, type RewriteRequest } from './rewrite-post';

type Status = 'idle' | 'generating' | 'rewriting';

interface Composer {
  /** The id of the user who typed the topic; null until someone signs in. */
  ownerId: string | null;
  /** The topic in the composer: what the next post is written about. */
  topic: string;
}

interface GeneratorState extends Composer {
  status: Status;
  error: string | null;
  /** The rewrite running (status 'rewriting'), or null. */
  rewriting: RewriteKind | null;
  /** What the last rewrite did, in words for the live region ("" when nothing to say). */
  rewriteNotice: string;
  /** Said while a provider's passing failure is tried again ("" otherwise). */
  retryNotice: string;
  setTopic: (topic: string) => void;
  /**
   * Writes a post about the topic into the document (docs/product.md §5.4), streaming. A post on
   * another topic than the document's starts a new document (the last one stays a draft); the same
   * topic writes a new take of this post, which Undo takes back.
   */
  generate: (
    request: Omit<GenerateRequest, 'topic'>,
    context: Omit<GenerateContext, 'accessToken' | 'onProgress' | 'signal'>,
  ) => Promise<void>;
  /**
   * Rewrites the document's post (docs/product.md §5.5d), streaming into it like generation. A
   * failure or a stop puts back the text from before; a finished rewrite is one step of the history.
   */
  rewrite: (
    kind: RewriteKind,
    request: RewriteRequest,
    context: Omit<RewriteContext, 'accessToken' | 'onProgress' | 'signal'>,
  ) => Promise<void>;
  /** Stops the generation or the rewrite in flight. */
  stop: () => void;
  /**
   * Follows the signed-in user (null: signed out). A session that ended without a sign-out keeps
   * the topic for its owner's return; any other user gets an empty composer.
   */
  switchUser: (userId: string | null) => void;
  /** Forgets the topic in memory and in storage: an explicit sign-out. */
  reset: () => void;
}

export const draftStorageKey = 'post-writer-draft';

const noComposer: Composer = { ownerId: null, topic: '' };
const documents = usePostDocumentStore;

/** The generation or rewrite in flight; a run whose controller is no longer this one writes nothing more. */
let controller: AbortController | null = null;

function abandonRun(): void {
  controller?.abort();
  controller = null;
}

/**
 * Makes the document the one a post about `topic` goes into: the one open when it is empty or about
 * the same topic, else a new one, once the open one is safely stored. False when it is not (offline):
 * the open post is kept and the user told.
 */
export async function documentFor(topic: string): Promise<boolean> {
  const { doc } = documents.getState();
  if (doc.content.trim() === '' || doc.topic.trim() === topic.trim()) return true;
  if (!(await flushPostDocument())) {
    toast.error(saveMessages.notYet);
    return false;
  }
  documents.getState().newDocument();
  return true;
}

/**
 * The dashboard's generator: the composer's topic (kept in this browser for the user who typed it)
 * and the state of the generation or rewrite running. The post itself is the document
 * (entities/post/document), autosaved as a row.
 */
export const useGeneratorStore = create<GeneratorState>()(
  persist(
    (set, get) => ({
      ...noComposer,
      status: 'idle',
      error: null,
      rewriting: null,
      rewriteNotice: '',
      retryNotice: '',

      setTopic: (topic) => set({ topic }),

      generate: async (request, context) => {
        const topic = get().topic.trim();
        if (get().status !== 'idle' || topic === '') return;
        abandonRun();
        const run = new AbortController();
        controller = run;
        // False once the user changed (switchUser) or a newer run started: this run's text is stale.
        const current = () => controller === run;
        set({ status: 'generating', error: null, rewriteNotice: '', retryNotice: '' });
        if (!(await documentFor(topic)) || !current()) {
          if (current()) set({ status: 'idle' });
          return;
        }
        let wrote = false;
        documents.getState().beginStream('generation');
        documents.getState().stream({ content: '', topic });
        try {
          const accessToken = await currentAccessToken();
          if (!accessToken) throw new AiRequestError(messages.session_expired, 401);
          const post = await generatePost(
            { ...request, topic: get().topic },
            {
              ...context,
              accessToken,
              signal: run.signal,
              onRetry: ({ retry, of }) => {
                if (current())
                  set({ retryNotice: `The AI service is busy. Trying again (${retry} of ${of})...` });
              },
              onWaiting: (notice) => {
                if (current()) set({ retryNotice: notice });
              },
              onProgress: (text) => {
                if (!current()) return;
                wrote ||= text.trim() !== '';
                // A model thinking in its text shows nothing yet: its notice stays until the first word.
                if (wrote && get().retryNotice) set({ retryNotice: '' });
                documents.getState().stream({ content: text });
              },
            },
          );
          if (!current()) return;
          documents.getState().stream({ content: post });
          documents.getState().commitStream('generating');
          set({ status: 'idle', retryNotice: '' });
        } catch (error) {
          if (!current()) return;
          const message = error instanceof Error && error.message ? error.message : 'Failed to generate post';
          // Partial text stays, marked incomplete so it is never planned or published by accident;
          // a run that wrote nothing gives the document back what it had.
          if (wrote) {
            documents.getState().commitStream('generating');
            documents.getState().setIncomplete(true);
          } else {
            documents.getState().restore();
          }
          set({ status: 'idle', error: message, retryNotice: '' });
          toast.error(message);
        } finally {
          if (current()) controller = null;
        }
      },

      rewrite: async (kind, request, context) => {
        const before = documents.getState().doc.content;
        if (get().status !== 'idle' || before.trim() === '') return;
        abandonRun();
        const run = new AbortController();
        controller = run;
        documents.getState().beginStream('rewrite');
        const current = () => controller === run;
        const name = rewriteName(kind, request.rules?.language);
        set({ status: 'rewriting', rewriting: kind, error: null, rewriteNotice: 'Rewriting...' });
        const done = { status: 'idle' as const, rewriting: null };
        try {
          const accessToken = await currentAccessToken();
          if (!accessToken) throw new AiRequestError(messages.session_expired, 401);
          const after = await rewritePost(kind, before, request, {
            ...context,
            accessToken,
            signal: run.signal,
            onWaiting: (notice) => {
              if (current()) set({ rewriteNotice: notice || 'Rewriting...' });
            },
            onProgress: (text) => {
              if (current()) documents.getState().stream({ content: text });
            },
          });
          if (!current()) return;
          if (after === before.trim()) {
            documents.getState().restore();
            set({ ...done, rewriteNotice: `${name}: nothing needed changing.` });
            return;
          }
          documents.getState().stream({ content: after });
          documents.getState().commitStream(name);
          set({ ...done, rewriteNotice: `Rewritten: ${name}. Undo available.` });
        } catch (error) {
          if (!current()) return;
          // Failed, the post gets back exactly what it had: nothing is lost (stop() did the same).
          const message = error instanceof Error && error.message ? error.message : messages.rewrite_failed;
          documents.getState().restore();
          set({ ...done, error: message, rewriteNotice: messages.rewrite_kept });
          toast.error(message);
        } finally {
          if (current()) controller = null;
        }
      },

      stop: () => {
        if (get().status !== 'rewriting') {
          controller?.abort();
          return;
        }
        // A stopped rewrite gives the post back its text at once, even if the network is slow to let go.
        abandonRun();
        documents.getState().restore();
        set({ status: 'idle', rewriting: null, rewriteNotice: messages.rewrite_stopped });
      },

      switchUser: (userId) => {
        // Whatever was being generated or rewritten belonged to the session that just ended; a
        // rewrite in flight gives the post back its text from before.
        const rewriting = get().status === 'rewriting';
        abandonRun();
        if (rewriting) documents.getState().restore();
        else if (get().status === 'generating') documents.getState().commitStream('generating');
        if (get().status !== 'idle') set({ status: 'idle', rewriting: null });
        if (userId === get().ownerId || userId === null) return;
        set({ ...noComposer, ownerId: userId, error: null, rewriteNotice: '' });
      },

      reset: () => {
        abandonRun();
        set({ ...noComposer, status: 'idle', error: null, rewriting: null, rewriteNotice: '' });
      },
    }),
    {
      name: draftStorageKey,
      // Version 3: the post moved into the document (a row); the composer keeps only its topic.
      version: 3,
      migrate: (persisted, version) => {
        const old = (persisted ?? {}) as Partial<{
          ownerId: string | null;
          topic: string;
          content: string;
          contentTopic: string;
          incomplete: boolean;
        }>;
        // Version 1 could not say whose a draft was: it is dropped.
        if (version < 2) return noComposer;
        // A post kept by this browser before posts were rows becomes the document (saved as a row).
        usePostDocumentStore.getState().adoptBrowserDraft({
          ownerId: old.ownerId ?? null,
          topic: old.contentTopic ?? '',
          content: old.content ?? '',
          incomplete: old.incomplete ?? false,
        });
        return { ownerId: old.ownerId ?? null, topic: old.topic ?? '' };
      },
      storage: createJSONStorage(() => localStorage),
      partialize: (state): Composer => ({ ownerId: state.ownerId, topic: state.topic }),
    },
  ),
);
