import type { AiCallContext } from '@/lib/ai/chat-message';
import type { AiEngine, ModelCatalog } from '@shared/model-catalog';
import type { LanguagePreference } from '@/config/profile-options';
import { complete } from '@/lib/ai/complete';
import { visiblePostText } from '@/lib/ai/think-filter';
import type { ChatPost } from './chat-store';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AskRequest {
  question: string;
  post: ChatPost;
  /** Earlier turns of this panel's conversation, oldest first. */
  history: ChatTurn[];
  engine: AiEngine;
  model: string;
  language: LanguagePreference;
}

export interface AskContext {
  catalog: ModelCatalog;
  apiBaseUrl: string;
  accessToken: string;
  signal?: AbortSignal;
  /** What the engine is doing before its first word (complete()'s onWaiting). */
  onWaiting?: AiCallContext['onWaiting'];
}

export const chatTone = 'Professional and conversational';
/** The fence a reply puts a suggested version of the post in (```post … ```). */
export const postFence = '```post';
const chatMaxTokens = 1024;

/** docs/wire-formats.md §6 "Post chat": the prompt asks for conversational markdown answers about this post. */
export function chatSystemPrompt(post: ChatPost, language: LanguagePreference): string {
  return [
    'You are a friendly LinkedIn writing coach helping the author with one of their posts.',
    `Tone: ${chatTone}. Locale: ${language} (use its spelling).`,
    'Answer conversationally in markdown: short paragraphs, bullet lists where they help, bold for key phrases.',
    `When you suggest a rewritten version of the whole post, put that version alone in a fenced block marked ${postFence}, as plain text the way it should be posted (no markdown inside), so the author can apply it with one click.`,
    'Stay on the subject of the post and never invent facts about the author.',
    '',
    `Post title: ${post.title}`,
    'Post content:',
    '"""',
    post.content,
    '"""',
  ].join('\n');
}

/** Sends one question (with the conversation so far) to the profile's model and returns the reply text. */
export async function askAboutPost(request: AskRequest, context: AskContext): Promise<string> {
  const reply = await complete(
    {
      catalog: context.catalog,
      engine: request.engine,
      model: request.model,
      system: chatSystemPrompt(request.post, request.language),
      turns: [...request.history, { role: 'user', content: request.question }],
      maxTokens: chatMaxTokens,
      temperature: 0.7,
      speakers: { user: 'Author', assistant: 'Coach' },
    },
    {
      apiBaseUrl: context.apiBaseUrl,
      accessToken: context.accessToken,
      ...(context.signal ? { signal: context.signal } : {}),
      ...(context.onWaiting ? { onWaiting: context.onWaiting } : {}),
    },
  );
  const text = visiblePostText(reply).trim();
  if (text === '') throw new Error('Failed to get AI response. Please try again.');
  return text;
}
