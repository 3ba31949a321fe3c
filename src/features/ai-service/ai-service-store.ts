import { create } from 'zustand';
import type { AiServiceInfo } from '@/lib/ai/ai-service-state';
import { AiServiceError, aiServiceMessages, fetchAiService } from '@/lib/ai/fetch-ai-service';
import { currentAccessToken } from '@/lib/supabase/client';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface AiServiceStore {
  status: Status;
  info: AiServiceInfo | null;
  error: string | null;
  /** A new attempt after a failure: the failure stays on screen until it has an answer. */
  retrying: boolean;
  /** The OpenAI-compatible engine's models are being listed again. */
  refreshing: boolean;
  /** Loads the catalog and the configured engines for the signed-in user (again after a failure). */
  load: (apiBaseUrl: string) => Promise<void>;
  /** Has the server list the OpenAI-compatible engine's models again; a failure keeps what was shown. */
  refreshModels: (apiBaseUrl: string) => Promise<void>;
  /** Forgets everything (sign-out): the next user loads their own. */
  reset: () => void;
}

// Answers to an older load (before a reset or a newer load) are dropped.
let generation = 0;
let inFlight: AbortController | null = null;

export const useAiServiceStore = create<AiServiceStore>()((set) => ({
  status: 'idle',
  info: null,
  error: null,
  retrying: false,
  refreshing: false,

  refreshModels: async (apiBaseUrl) => {
    const mine = generation;
    set({ refreshing: true });
    try {
      const accessToken = await currentAccessToken();
      if (!accessToken) return;
      const info = await fetchAiService({ apiBaseUrl, accessToken, refresh: true });
      if (mine === generation) set({ status: 'ready', info, error: null });
    } catch {
      // The list shown stays; the engine's own note says what is wrong with its server.
    } finally {
      if (mine === generation) set({ refreshing: false });
    }
  },

  load: async (apiBaseUrl) => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const mine = (generation += 1);
    // A refresh still on its way is overtaken: its answer is dropped, so it is no longer shown as running.
    set((state) =>
      state.status === 'error'
        ? { retrying: true, refreshing: false }
        : { status: 'loading', error: null, retrying: false, refreshing: false },
    );
    try {
      const accessToken = await currentAccessToken();
      if (!accessToken) throw new AiServiceError('session', aiServiceMessages.session);
      const info = await fetchAiService({ apiBaseUrl, accessToken, signal: controller.signal });
      if (mine === generation) set({ status: 'ready', info, error: null, retrying: false });
    } catch (error) {
      if (mine !== generation) return;
      // Never a sign-out: the session and everything typed stay as they are.
      set({
        status: 'error',
        error: error instanceof AiServiceError ? error.message : aiServiceMessages.unreachable,
        retrying: false,
      });
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  },

  reset: () => {
    generation += 1;
    inFlight?.abort();
    inFlight = null;
    set({ status: 'idle', info: null, error: null, retrying: false, refreshing: false });
  },
}));
