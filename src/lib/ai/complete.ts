import type { AiEngine, ModelCatalog } from '@shared/model-catalog';
import type { AiCallContext } from './chat-message';
import { claudeCompletion } from './claude-stream';
import { frameBatch } from './frame-batch';
import { routeModel, type ModelRoute } from './model-route';
import { visiblePostText } from './think-filter';

/** One turn of a conversation, oldest first; the last one is the user's. */
export interface CompletionTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  catalog: ModelCatalog;
  engine: AiEngine;
  model: string;
  system: string;
  turns: readonly CompletionTurn[];
  maxTokens: number;
  temperature: number;
  /**
   * For a conversation on the Anthropic route, which takes one prompt: every turn is written under
   * its speaker's name, ending with the assistant's name for the model to continue. Without it the
   * turns' text is the prompt.
   */
  speakers?: { user: string; assistant: string };
}

/**
 * The one way the app asks a model for text: routes the profile's engine and model (Anthropic
 * through /api/generate-claude, Groq through groq-sdk and /api/groq) and returns the raw text,
 * thinking included. With `onText`, the reply streams: it receives the visible cumulative text at
 * most once per animation frame (however many chunks arrived since), and the last text before this
 * returns or throws (a finished, stopped or failed stream), so nothing that arrived is lost.
 * Throws AiRequestError.
 */
export async function complete(
  request: CompletionRequest,
  call: AiCallContext,
  onText?: (visibleText: string) => void,
): Promise<string> {
  const route = routeModel(request.catalog, request.engine, request.model);
  const batch = onText ? frameBatch((cumulative: string) => onText(visiblePostText(cumulative))) : null;
  try {
    return await routed(request, route, call, batch?.push);
  } finally {
    batch?.flush();
  }
}

/** The request on its route; `onRaw` gets the cumulative raw text (thinking included) of each chunk. */
async function routed(
  request: CompletionRequest,
  route: ModelRoute,
  call: AiCallContext,
  onRaw: ((cumulative: string) => void) | undefined,
): Promise<string> {
  if (route.provider === 'anthropic') {
    return claudeCompletion(
      {
        prompt: anthropicPrompt(request.turns, request.speakers),
        system: request.system,
        model: route.model,
        maxTokens: request.maxTokens,
        temperature: request.temperature,
      },
      call,
      onRaw,
    );
  }
  // groq-sdk loads on first use, keeping it out of the dashboard's first download.
  const { groqCompletion, compatibleCompletion } = await import('./groq-completion');
  const messages = [{ role: 'system' as const, content: request.system }, ...request.turns];
  const common = {
    model: route.model,
    messages,
    temperature: request.temperature,
    maxTokens: request.maxTokens,
  };
  if (route.provider === 'groq') return groqCompletion({ ...common, extra: route.extra }, call, onRaw);
  // The server owner's own model, watched for a slow first word (loaded with groq-sdk, not before).
  return compatibleCompletion({ ...common, label: route.label }, call, onRaw);
}

function anthropicPrompt(
  turns: readonly CompletionTurn[],
  speakers?: { user: string; assistant: string },
): string {
  if (!speakers) return turns.map((turn) => turn.content).join('\n\n');
  const transcript = turns.map((turn) => `${speakers[turn.role]}: ${turn.content}`).join('\n\n');
  return `${transcript}\n\n${speakers.assistant}:`;
}
