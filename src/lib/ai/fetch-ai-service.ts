import { absoluteApiBase, apiErrorBody } from './api-base';
import type { AiServiceInfo } from './ai-service-state';
import { readModelsResponse } from './models-response';
import { messages } from '@/config/messages';

/** Why the AI service could not be used; `message` is written for the person at the screen. */
export type AiServiceProblem = 'unreachable' | 'session' | 'refused' | 'unreadable';

export class AiServiceError extends Error {
  override name = 'AiServiceError';
  constructor(
    readonly problem: AiServiceProblem,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export const aiServiceMessages = {
  unreachable:
    "We can't reach the AI service right now, so posts can't be generated and the post chat can't answer. Your saved posts and ideas still work, and nothing you typed is lost.",
  session: messages.session_expired,
  unreadable: 'The AI service sent an answer this app could not read. Please try again later.',
} as const;

// 404: the function (hosted: the Edge Function `api`) is not deployed there; 5xx and Supabase's
// 546 (worker limit): it is down or failing. Either way, from here it is out of reach.
const outOfReach = (status: number) => status === 404 || status >= 500;

/**
 * GET {apiBaseUrl}/models with the user's access token: the model catalog and which providers
 * the server has keys for. The same request on the embedded server (/api) and on hosted Supabase
 * (the Edge Function), so the app never guesses either. Throws AiServiceError.
 */
export async function fetchAiService(
  context: { apiBaseUrl: string; accessToken: string; signal?: AbortSignal; refresh?: boolean },
  fetchImpl: typeof fetch = fetch,
): Promise<AiServiceInfo> {
  let response: Response;
  try {
    const query = context.refresh ? '?refresh=1' : '';
    response = await fetchImpl(`${absoluteApiBase(context.apiBaseUrl)}/models${query}`, {
      headers: { Authorization: `Bearer ${context.accessToken}`, Accept: 'application/json' },
      cache: 'no-store',
      ...(context.signal ? { signal: context.signal } : {}),
    });
  } catch (error) {
    if (context.signal?.aborted) throw error;
    throw new AiServiceError('unreachable', aiServiceMessages.unreachable);
  }
  if (outOfReach(response.status)) {
    throw new AiServiceError('unreachable', aiServiceMessages.unreachable, response.status);
  }
  if (!response.ok) {
    const { message, code } = await apiErrorBody(response);
    if (response.status === 401 && (code === 'invalid_token' || code === null)) {
      throw new AiServiceError('session', aiServiceMessages.session, 401);
    }
    throw new AiServiceError(
      'refused',
      message ?? `The AI service refused the request (HTTP ${response.status}).`,
      response.status,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new AiServiceError('unreadable', aiServiceMessages.unreadable, response.status);
  }
  const info = readModelsResponse(body);
  if (!info) throw new AiServiceError('unreadable', aiServiceMessages.unreadable, response.status);
  return info;
}
