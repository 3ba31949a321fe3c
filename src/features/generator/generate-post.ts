import type { AiEngine, ModelCatalog } from '@shared/model-catalog';
import { AiRequestError } from '@/lib/ai/ai-error';
import { claudeCompletion } from '@/lib/ai/claude-stream';
import { visiblePostText } from '@/lib/ai/think-filter';
import { buildPostPrompt, type PostPromptInput } from './build-post-prompt';
import { routeModel } from '@/lib/ai/model-route';

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
  /** With a callback the post streams: it receives the visible cumulative text after each chunk. */
  onProgress?: (visibleText: string) => void;
}

/** Generates one post from the profile and topic through the engine's route; throws AiRequestError. */
export async function generatePost(request: GenerateRequest, context: GenerateContext): Promise<string> {
  if (request.topic.trim() === '') throw new AiRequestError('Please enter a topic first.');
  if (request.topic.length > maxTopicLength) {
    throw new AiRequestError(`The topic is too long: keep it under ${maxTopicLength.toLocaleString('en-US')} characters.`);
  }
  const { system, user } = buildPostPrompt(request);
  const route = routeModel(context.catalog, request.ai_engine, request.ai_model);
  const streaming = Boolean(context.onProgress);
  const maxTokens = streaming ? generationLimits.streamingMaxTokens : generationLimits.maxTokens;
  const call = { apiBaseUrl: context.apiBaseUrl, accessToken: context.accessToken, ...(context.signal ? { signal: context.signal } : {}) };
  const onText = context.onProgress ? (cumulative: string) => context.onProgress?.(visiblePostText(cumulative)) : undefined;

  const raw =
    route.provider === 'anthropic'
      ? await claudeCompletion({ prompt: user, system, model: route.model, maxTokens, temperature: generationLimits.temperature }, call, onText)
      : // groq-sdk loads on first use, keeping it out of the dashboard's first download.
        await (await import('@/lib/ai/groq-completion')).groqCompletion(
          {
            model: route.model,
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: user },
            ],
            temperature: generationLimits.temperature,
            maxTokens,
            extra: route.extra,
          },
          call,
          onText,
        );
  const post = visiblePostText(raw).trim();
  if (post === '') throw new AiRequestError('The AI returned an empty post. Please try again.');
  return post;
}
