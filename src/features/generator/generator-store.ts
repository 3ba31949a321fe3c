import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AiRequestError } from '@/lib/ai/ai-error';
import { currentAccessToken } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import { generatePost, type GenerateContext, type GenerateRequest } from './generate-post';
import { messages } from '@/config/messages';
import { rewriteName, type RewriteKind } from './build-post-prompt';
import { rewritePost, type RewriteContext, type RewriteRequest } from './rewrite-post';

type Status = 'idle' | 'generating' | 'rewriting';

/** One finished rewrite: the preview's text before it and the text it produced. */
export interface UndoEntry {
  kind: RewriteKind;
  /** "Shorter", "British spelling": for "Undo Shorter". */
  name: string;
  before: string;
  after: string;
}

/** How many rewrites can be undone in a row (the oldest are forgotten first). */
export const maxUndo = 20;

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
  /** The rewrite running (status 'rewriting'), or null. */
  rewriting: RewriteKind | null;
  /** The text before the running rewrite: put back if it fails or stops, and stored meanwhile. */
  rewriteBase: string | null;
  /** The finished rewrites, oldest first (in memory only, never stored). */
  undoStack: UndoEntry[];
  /** What the last rewrite or undo did, in words for the live region ("" when nothing to say). */
  rewriteNotice: string;
  setTopic: (topic: string) => void;
  setContent: (content: string) => void;
  generate: (
    request: Omit<GenerateRequest, 'topic'>,
    context: Omit<GenerateContext, 'accessToken' | 'onProgress' | 'signal'>,
  ) => Promise<void>;
  /**
   * Rewrites the preview's post (docs/product.md §5.5d), streaming into it like generation. A
   * failure or a stop puts back the text from before; a finished rewrite can be undone.
   */
  rewrite: (
    kind: RewriteKind,
    request: RewriteRequest,
    context: Omit<RewriteContext, 'accessToken' | 'onProgress' | 'signal'>,
  ) => Promise<void>;
  /** Takes back the newest step: edits made since the last rewrite first, else the rewrite itself. */
  undo: () => void;
  /** Stops the generation or the rewrite in flight. */
  stop: () => void;
  clearPreview: () => void;
  /** Puts a chosen version in the preview: a new post, so earlier rewrites are not undone into it. */
  showPost: (content: string, topic: string) => void;
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

/** The undo history of a new (or no) post. */
const noHistory = { undoStack: [] as UndoEntry[], rewriteNotice: '' };

/** The generation or rewrite in flight; a run whose controller is no longer this one writes nothing more. */
let controller: AbortController | null = null;

function abandonGeneration(): void {
  controller?.abort();
  controller = null;
}

/**
 * What the Undo button takes back, in words ("Shorter", "your edits"), or null when nothing can be.
 *
 * Manual edits after a rewrite (a one-click fix of the post check, choosing another version) are
 * never thrown away silently: while the text differs from what the newest rewrite produced, Undo
 * first puts back that rewrite's result ("Undo your edits"), and only the next Undo takes back the
 * rewrite. So undo steps back one visible change at a time and no edit disappears unasked.
 */
export function undoTarget(state: Pick<GeneratorState, 'content' | 'undoStack'>): string | null {
  const last = state.undoStack.at(-1);
  if (!last) return null;
  return state.content === last.after ? last.name : 'your edits';
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
      ...noHistory,
      status: 'idle',
      error: null,
      rewriting: null,
      rewriteBase: null,

      setTopic: (topic) => set({ topic }),
      setContent: (content) => set({ content }),

      generate: async (request, context) => {
        const topic = get().topic;
        if (get().status !== 'idle' || topic.trim() === '') return;
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
          undoStack: get().undoStack,
        };
        let wrote = false;
        set({
          ...noHistory,
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

      rewrite: async (kind, request, context) => {
        const before = get().content;
        if (get().status !== 'idle' || before.trim() === '') return;
        controller?.abort();
        const run = new AbortController();
        controller = run;
        const current = () => controller === run;
        const name = rewriteName(kind, request.language_preference);
        set({
          status: 'rewriting',
          rewriting: kind,
          rewriteBase: before,
          error: null,
          rewriteNotice: 'Rewriting...',
        });
        const done = { status: 'idle' as const, rewriting: null, rewriteBase: null };
        try {
          const accessToken = await currentAccessToken();
          if (!accessToken) throw new AiRequestError(messages.session_expired, 401);
          const after = await rewritePost(kind, before, request, {
            ...context,
            accessToken,
            signal: run.signal,
            onProgress: (text) => {
              if (current()) set({ content: text });
            },
          });
          if (!current()) return;
          if (after === before.trim()) {
            set({ ...done, content: before, rewriteNotice: `${name}: nothing needed changing.` });
            return;
          }
          set((state) => ({
            ...done,
            content: after,
            undoStack: [...state.undoStack, { kind, name, before, after }].slice(-maxUndo),
            rewriteNotice: `Rewritten: ${name}. Undo available.`,
          }));
        } catch (error) {
          if (!current()) return;
          // Failed, the preview gets back exactly what it had: nothing is lost (stop() did the same).
          const message = error instanceof Error && error.message ? error.message : messages.rewrite_failed;
          set({
            ...done,
            content: before,
            error: message,
            rewriteNotice: messages.rewrite_kept,
          });
          toast.error(message);
        } finally {
          if (current()) controller = null;
        }
      },

      undo: () => {
        const state = get();
        const last = state.undoStack.at(-1);
        if (state.status !== 'idle' || !last) return;
        if (state.content !== last.after) {
          set({ content: last.after, error: null, rewriteNotice: 'Undone: your edits.' });
          return;
        }
        set({
          content: last.before,
          undoStack: state.undoStack.slice(0, -1),
          error: null,
          rewriteNotice: `Undone: ${last.name}.`,
        });
      },

      stop: () => {
        const { status, rewriteBase } = get();
        if (status !== 'rewriting' || rewriteBase === null) {
          controller?.abort();
          return;
        }
        // A stopped rewrite gives the preview back its text at once, even if the network is slow to let go.
        abandonGeneration();
        set({
          content: rewriteBase,
          status: 'idle',
          rewriting: null,
          rewriteBase: null,
          rewriteNotice: messages.rewrite_stopped,
        });
      },
      clearPreview: () =>
        set({ ...noHistory, content: '', contentTopic: '', incomplete: false, error: null }),
      showPost: (content, topic) =>
        set({ ...noHistory, content, contentTopic: topic, incomplete: false, error: null }),
      switchUser: (userId) => {
        // Whatever was being generated or rewritten belonged to the session that just ended; a
        // rewrite in flight gives the preview back its text from before.
        abandonGeneration();
        const { status, rewriteBase } = get();
        if (status === 'rewriting' && rewriteBase !== null) set({ content: rewriteBase });
        if (status !== 'idle') set({ status: 'idle', rewriting: null, rewriteBase: null });
        if (userId === get().ownerId) return;
        // The undo history is in memory only and never outlives its session.
        set(noHistory);
        if (userId === null) return;
        set({ ...noDraft, ownerId: userId, error: null });
      },
      reset: () => {
        abandonGeneration();
        set({ ...noDraft, ...noHistory, status: 'idle', error: null, rewriting: null, rewriteBase: null });
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
        // Mid-rewrite the stored post is the one before the rewrite, never a half-rewritten one.
        content:
          state.status === 'rewriting' && state.rewriteBase !== null ? state.rewriteBase : state.content,
        contentTopic: state.contentTopic,
        // A draft stored while it was still streaming (the page reloaded mid-run) is incomplete too.
        incomplete: state.incomplete || state.status === 'generating',
      }),
    },
  ),
);
