import type { AiCallContext } from '@/lib/ai/chat-message';
import type { AiEngine, ModelCatalog } from '@shared/model-catalog';
import { AiRequestError } from '@/lib/ai/ai-error';
import { complete } from '@/lib/ai/complete';
import { visiblePostText } from '@/lib/ai/think-filter';
import { buildPostPrompt, type PostPromptInput } from './build-post-prompt';

export const generationLimits = { temperature: 0.7, streamingMaxTokens: 1500, maxTokens: 1024 } as const;
export const maxTopicLength = 1000;

export interface GenerateRequest extends PostPromptInput {
  ai_engine: AiEngine;
  ai_model: string;
}

export interface GenerateContext {
  catalog: ModelCatalog;
  apiBaseUrl: string;
  accessToken: string;
  signal?: AbortSignal;
  /**
   * With a callback the post streams: it receives the visible cumulative text at most once per
   * animation frame, and the last text before generatePost returns or throws (complete()).
   */
  onProgress?: (visibleText: string) => void;
  /** Told before each retry of a provider's passing failure (before any text arrives). */
  onRetry?: AiCallContext['onRetry'];
  /** What the engine is doing before its first word (complete()'s onWaiting). */
  onWaiting?: AiCallContext['onWaiting'];
}

/** Generates one post from the profile and topic through the engine's route; throws AiRequestError. */
export async function generatePost(request: GenerateRequest, context: GenerateContext): Promise<string> {
  if (request.topic.trim() === '') throw new AiRequestError('Please enter a topic first.');
  if (request.topic.length > maxTopicLength) {
    throw new AiRequestError(
      `The topic is too long: keep it under ${maxTopicLength.toLocaleString('en-US')} characters.`,
    );
  }
  const { system, user } = buildPostPrompt(request);
  const streaming = Boolean(context.onProgress);
  const raw = await complete(
    {
      catalog: context.catalog,
      engine: request.ai_engine,
      model: request.ai_model,
      system,
      turns: [{ role: 'user', content: user }],
      maxTokens: streaming ? generationLimits.streamingMaxTokens : generationLimits.maxTokens,
      temperature: generationLimits.temperature,
    },
    {
      apiBaseUrl: context.apiBaseUrl,
      accessToken: context.accessToken,
      ...(context.signal ? { signal: context.signal } : {}),
      ...(context.onRetry ? { onRetry: context.onRetry } : {}),
      ...(context.onWaiting ? { onWaiting: context.onWaiting } : {}),
    },
    context.onProgress,
  );
  const post = visiblePostText(raw).trim();
  if (post === '') throw new AiRequestError('The AI returned an empty post. Please try again.');
  return post;
}
