import { AiRequestError } from './ai-error';
import { absoluteApiBase, apiErrorBody } from './api-base';
import type { AiCallContext } from './chat-message';
import { providerErrorCode, streamInterruptedMessage } from './provider-error';
import { providerFailureMessage, providerStatusIn } from './provider-failure-message';
import { retryingFetch } from './retrying-fetch';
import { readSseData } from './sse-reader';
import { messages } from '@/config/messages';

export interface ClaudeRequest {
  prompt: string;
  model: string;
  system?: string;
  maxTokens?: number;
  temperature?: number;
}

/**
 * POST /api/generate-claude (docs/wire-formats.md §6.4): an event stream of `data:` lines holding `{content}` or
 * `{error}`, ending with `[DONE]`. An error field is thrown; malformed lines are logged and skipped.
 * A transient failure before the stream starts is retried (retrying-fetch.ts); once it has started
 * it never is: text already shown stays, and the error is thrown.
 */
export async function claudeCompletion(
  request: ClaudeRequest,
  context: AiCallContext,
  onText?: (cumulative: string) => void,
): Promise<string> {
  let response: Response;
  try {
    response = await retryingFetch(context)(`${absoluteApiBase(context.apiBaseUrl)}/generate-claude`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${context.accessToken}` },
      body: JSON.stringify({
        prompt: request.prompt,
        model: request.model,
        ...(request.system ? { system: request.system } : {}),
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      }),
      ...(context.signal ? { signal: context.signal } : {}),
    });
  } catch {
    throw new AiRequestError(
      'The connection to the AI service was interrupted. Please check your connection and try again.',
    );
  }
  if (!response.ok) {
    const { message, code } = await apiErrorBody(response);
    if (response.status === 401 && code === 'invalid_token')
      throw new AiRequestError(messages.session_expired, 401);
    if (code === providerErrorCode) {
      const status = providerStatusIn(message, 'Anthropic', response.status);
      throw new AiRequestError(
        providerFailureMessage('Anthropic', status, response.headers.get('retry-after')),
        response.status,
      );
    }
    throw new AiRequestError(message ?? 'Failed to generate post', response.status);
  }
  if (!response.body) throw new AiRequestError('No response stream available');

  let text = '';
  let finished = false;
  try {
    for await (const data of readSseData(response.body)) {
      if (data === '[DONE]') {
        finished = true;
        break;
      }
      let chunk: { content?: unknown; error?: unknown };
      try {
        chunk = JSON.parse(data) as typeof chunk;
      } catch {
        console.warn('Skipping a malformed stream chunk', data);
        continue;
      }
      if (typeof chunk.error === 'string') throw new AiRequestError(chunk.error);
      if (typeof chunk.content === 'string') {
        text += chunk.content;
        onText?.(text);
      }
    }
  } catch (error) {
    if (error instanceof AiRequestError) throw error;
    throw new AiRequestError(streamInterruptedMessage);
  }
  if (!finished) throw new AiRequestError(streamInterruptedMessage);
  return text;
}
