import { useEffect, useMemo } from 'react';
import type { AiServiceState } from '@/lib/ai/ai-service-state';
import { useAiServiceStore } from './ai-service-store';

/**
 * The AI service for the signed-in user: loaded once per user, loaded again by "Try Again" or
 * when the browser comes back online after a failure. Returns the view the panels render.
 */
export function useAiService(apiBaseUrl: string, userId: string | null): AiServiceState {
  const status = useAiServiceStore((state) => state.status);
  const info = useAiServiceStore((state) => state.info);
  const error = useAiServiceStore((state) => state.error);
  const retrying = useAiServiceStore((state) => state.retrying);
  const refreshing = useAiServiceStore((state) => state.refreshing);
  const refreshModels = useAiServiceStore((state) => state.refreshModels);
  const load = useAiServiceStore((state) => state.load);
  const reset = useAiServiceStore((state) => state.reset);

  useEffect(() => {
    if (!userId) {
      reset();
      return;
    }
    void load(apiBaseUrl);
  }, [apiBaseUrl, userId, load, reset]);

  useEffect(() => {
    if (status !== 'error' || !userId) return;
    const retry = () => void load(apiBaseUrl);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status, userId, apiBaseUrl, load]);

  return useMemo<AiServiceState>(() => {
    if (status === 'ready' && info) {
      return {
        status: 'ready',
        ...info,
        refreshModels: () => void refreshModels(apiBaseUrl),
        refreshingModels: refreshing,
      };
    }
    if (status === 'error') {
      return {
        status: 'error',
        message: error ?? '',
        retrying,
        retry: () => void load(apiBaseUrl),
      };
    }
    return { status: 'loading' };
  }, [status, info, error, retrying, load, apiBaseUrl, refreshing, refreshModels]);
}
