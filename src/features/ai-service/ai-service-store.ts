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
  /** Loads the catalog and the configured engines for the signed-in user (again after a failure). */
  load: (apiBaseUrl: string) => Promise<void>;
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

  load: async (apiBaseUrl) => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const mine = (generation += 1);
    set((state) =>
      state.status === 'error' ? { retrying: true } : { status: 'loading', error: null, retrying: false },
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
    set({ status: 'idle', info: null, error: null, retrying: false });
  },
}));
