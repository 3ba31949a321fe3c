import { useCallback, useEffect, useRef } from 'react';
import { currentAccessToken } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import type { ResearchContext } from './research-service';
import { messages } from '@/config/messages';

export const researchFailedMessage = 'Failed to get topic suggestions';

/**
 * Runs one research call with a loading flag, a success toast and an error toast (docs/product.md §15
 * "Research panel"). If the panel closes mid-search the call is aborted and nothing is reported.
 */
export function useResearchRequest(apiBaseUrl: string) {
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active) controller.abort();
      active.clear();
    };
  }, []);

  return useCallback(
    async <T>(
      work: (context: ResearchContext) => Promise<T>,
      handlers: {
        setStatus: (status: { loading: boolean; error: string | null }) => void;
        onResult: (result: T) => void;
        success: string;
      },
    ): Promise<void> => {
      const controller = new AbortController();
      controllers.current.add(controller);
      handlers.setStatus({ loading: true, error: null });
      try {
        const accessToken = await currentAccessToken();
        if (!accessToken) throw new Error(messages.session_expired);
        const result = await work({ apiBaseUrl, accessToken, signal: controller.signal });
        if (controller.signal.aborted) return;
        handlers.onResult(result);
        handlers.setStatus({ loading: false, error: null });
        toast.success(handlers.success);
      } catch (error) {
        if (controller.signal.aborted) {
          handlers.setStatus({ loading: false, error: null });
          return;
        }
        console.error('Research failed', error);
        const message = error instanceof Error && error.message ? error.message : researchFailedMessage;
        handlers.setStatus({ loading: false, error: message });
        toast.error(message);
      } finally {
        controllers.current.delete(controller);
      }
    },
    [apiBaseUrl],
  );
}
