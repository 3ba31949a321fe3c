import { create } from 'zustand';
import { AiRequestError } from '@/lib/ai/ai-error';
import { currentAccessToken } from '@/lib/supabase/client';
import { messages } from '@/config/messages';
import { hookKinds, type HookKind } from './build-post-prompt';
import { generatePost, type GenerateContext, type GenerateRequest } from './generate-post';

/** How many versions "Generate" may write at once (docs/product.md §5.4a). */
export const versionCounts = [1, 2, 3] as const;
export type VersionCount = (typeof versionCounts)[number];

export interface Variant {
  hook: HookKind;
  text: string;
  status: 'waiting' | 'writing' | 'done' | 'failed';
  /** Why it failed, in the user's words. */
  error: string | null;
  /** What the engine is doing before its first word ("Ollama is loading the model…"), or ''. */
  notice?: string;
}

interface VariantsState {
  /** What the user asked for: 1 writes one post as before, 2 or 3 write versions to choose from. */
  count: VersionCount;
  topic: string;
  variants: Variant[];
  running: boolean;
  /** The version now in the preview (the others wait in the drawer), or null before a choice. */
  chosen: number | null;
  setCount: (count: VersionCount) => void;
  /**
   * Writes `count` versions of the topic at the same time, each opening with a different kind of
   * hook, so the wait is the slowest version's rather than their sum. Each is one AI request (and
   * counts once against the AI quota and rate limits). A version that fails is marked with its
   * reason; the others go on.
   */
  generate: (
    topic: string,
    request: Omit<GenerateRequest, 'topic' | 'hook'>,
    context: Omit<GenerateContext, 'accessToken' | 'onProgress' | 'signal'>,
  ) => Promise<void>;
  /** Stops every version still being written. */
  stop: () => void;
  /** Stops one version; the others go on. */
  stopVersion: (index: number) => void;
  /** Marks a version as the one in the preview; the caller puts its text there. */
  choose: (index: number) => Variant | null;
  /** Forgets every version: a new single post, a save, leaving the page. */
  clear: () => void;
  /** Forgets the versions and the count: a sign-out. */
  reset: () => void;
}

/** The hooks of `count` versions: a story and a contrarian take first, then a number, then a question. */
export function hooksFor(count: number): HookKind[] {
  return hookKinds.slice(0, Math.max(0, Math.min(count, hookKinds.length)));
}

const stoppedMessage = 'Stopped before this version was finished.';

let controller: AbortController | null = null;
/** One per version of the current run, each stopped on its own or with the run. */
let versionControllers: AbortController[] = [];

const failure = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Failed to generate post';

export const useVariantsStore = create<VariantsState>()((set, get) => ({
  count: 1,
  topic: '',
  variants: [],
  running: false,
  chosen: null,

  setCount: (count) => set({ count }),

  generate: async (topic, request, context) => {
    if (get().running || topic.trim() === '') return;
    controller?.abort();
    const run = new AbortController();
    controller = run;
    const current = () => controller === run;
    const update = (index: number, change: Partial<Variant>) =>
      set((state) => ({
        variants: state.variants.map((variant, at) => (at === index ? { ...variant, ...change } : variant)),
      }));
    const hooks = hooksFor(get().count);
    set({
      topic: topic.trim(),
      running: true,
      chosen: null,
      variants: hooks.map((hook) => ({ hook, text: '', status: 'waiting', error: null })),
    });
    versionControllers = hooks.map(() => {
      const version = new AbortController();
      run.signal.addEventListener('abort', () => version.abort(), { once: true });
      return version;
    });
    const own = versionControllers;
    const write = async (index: number, hook: HookKind) => {
      const signal = own[index]!.signal;
      update(index, { status: 'writing' });
      try {
        const accessToken = await currentAccessToken();
        if (!accessToken) throw new AiRequestError(messages.session_expired, 401);
        if (signal.aborted) throw new AiRequestError(stoppedMessage);
        const text = await generatePost(
          { ...request, topic, hook },
          {
            ...context,
            accessToken,
            signal,
            onWaiting: (notice) => {
              if (current()) update(index, { notice });
            },
            onProgress: (visible) => {
              if (current()) update(index, { text: visible });
            },
          },
        );
        // A stopped stream may end without an error (groq-sdk ends its stream quietly on an abort):
        // its words so far are kept, and it is still a version stopped before it was finished.
        if (current())
          update(
            index,
            signal.aborted ? { text, status: 'failed', error: stoppedMessage } : { text, status: 'done' },
          );
      } catch (error) {
        if (!current()) return;
        update(index, { status: 'failed', error: signal.aborted ? stoppedMessage : failure(error) });
      }
    };
    try {
      await Promise.all(hooks.map((hook, index) => write(index, hook)));
    } finally {
      if (current()) {
        controller = null;
        set((state) => ({
          running: false,
          variants: state.variants.map((variant) =>
            variant.status === 'waiting' || variant.status === 'writing'
              ? { ...variant, status: 'failed', error: variant.error ?? stoppedMessage }
              : variant,
          ),
        }));
      }
    }
  },

  stop: () => controller?.abort(),

  stopVersion: (index) => versionControllers[index]?.abort(),

  choose: (index) => {
    const variant = get().variants[index];
    if (!variant || variant.status !== 'done') return null;
    set({ chosen: index });
    return variant;
  },

  clear: () => {
    controller?.abort();
    controller = null;
    versionControllers = [];
    set({ topic: '', variants: [], running: false, chosen: null });
  },

  reset: () => {
    get().clear();
    set({ count: 1 });
  },
}));
