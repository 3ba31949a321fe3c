import { create } from 'zustand';
import { messages } from '@/config/messages';
import {
  disconnectLinkedIn,
  fetchLinkedInStatus,
  finishLinkedInConnect,
  startLinkedInConnect,
  type LinkedInStatus,
} from '@/entities/post/publishing/linkedin-api';

/** What LinkedIn sent the browser back to /linkedin/callback with. */
export interface LinkedInCallbackParams {
  state: string;
  code?: string;
  error?: string;
  error_description?: string;
}

interface LinkedInState {
  /** The user's LinkedIn as the server last described it; null until loaded. */
  status: LinkedInStatus | null;
  loading: boolean;
  /** Why the last action failed, in the user's words. */
  error: string | null;
  /** Asks the server again; a failure keeps the last status and sets `error`. */
  load: (apiBaseUrl: string) => Promise<void>;
  /** Sends the browser to LinkedIn's sign-in page, which comes back to /linkedin/callback. */
  connect: (apiBaseUrl: string) => Promise<void>;
  /** Hands what LinkedIn sent back to the server; resolves with the new status. */
  finishConnect: (apiBaseUrl: string, params: LinkedInCallbackParams) => Promise<LinkedInStatus>;
  /** Forgets the connection on the server (planned posts stay planned and remind instead). */
  disconnect: (apiBaseUrl: string) => Promise<void>;
  /** Forgets everything (sign-out): the next user loads their own. */
  reset: () => void;
}

// Answers to a load started before a reset (another user's) are dropped.
let generation = 0;

/**
 * The signed-in user's LinkedIn connection. Actions keep the message in `error` and rethrow it as
 * an Error with that message, as the other feature stores do; `load` only keeps it.
 */
export const useLinkedInStore = create<LinkedInState>()((set) => {
  // The API's errors already say what happened in the user's words (src/entities/post/publishing/linkedin-api.ts).
  const messageOf = (error: unknown): string =>
    error instanceof Error && error.message ? error.message : messages.unexpected;
  const fail = (error: unknown): never => {
    const message = messageOf(error);
    set({ error: message, loading: false });
    throw new Error(message, { cause: error });
  };

  return {
    status: null,
    loading: false,
    error: null,

    load: async (apiBaseUrl) => {
      const mine = generation;
      set({ loading: true, error: null });
      try {
        const status = await fetchLinkedInStatus(apiBaseUrl);
        if (mine === generation) set({ status, loading: false });
      } catch (error) {
        if (mine === generation) set({ error: messageOf(error), loading: false });
      }
    },

    connect: async (apiBaseUrl) => {
      set({ error: null });
      let url: string;
      try {
        url = await startLinkedInConnect(apiBaseUrl);
      } catch (error) {
        return fail(error);
      }
      window.location.assign(url);
    },

    finishConnect: async (apiBaseUrl, params) => {
      set({ loading: true, error: null });
      try {
        const status = await finishLinkedInConnect(apiBaseUrl, params);
        set({ status, loading: false });
        return status;
      } catch (error) {
        return fail(error);
      }
    },

    disconnect: async (apiBaseUrl) => {
      set({ error: null });
      try {
        set({ status: await disconnectLinkedIn(apiBaseUrl) });
      } catch (error) {
        fail(error);
      }
    },

    reset: () => {
      generation += 1;
      set({ status: null, loading: false, error: null });
    },
  };
});
