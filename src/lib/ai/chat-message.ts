import type { AiRetry, RetryWait } from './retrying-fetch';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiCallContext {
  /** Where the /api functions live (from the runtime config). */
  apiBaseUrl: string;
  /** The user's Supabase access token: /api checks it and adds the provider key server-side. */
  accessToken: string;
  signal?: AbortSignal;
  /**
   * Told before each retry of a provider's transient failure (docs/product.md §13.9), so a screen
   * can say "Retrying…" instead of leaving the user guessing. Never called once a reply has begun.
   */
  onRetry?: (retry: AiRetry) => void;
  /** How a retry waits; tests pass one that returns at once. Default: a timer the signal cancels. */
  retryWait?: RetryWait;
  /**
   * Told what the engine is doing while no word has come yet (a model still loading, or thinking),
   * and with '' once the first word arrives, so a screen never looks frozen.
   */
  onWaiting?: (notice: string) => void;
}
