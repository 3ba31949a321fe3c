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
}
