import type { AiCallContext } from '@/lib/ai/chat-message';
import type { AiEngine, ModelCatalog } from '@shared/model-catalog';
import { AiRequestError } from '@/lib/ai/ai-error';
import { complete } from '@/lib/ai/complete';
import { visiblePostText } from '@/lib/ai/think-filter';
import { checkPost, findingKinds, type FindingKind } from '@/entities/post/check/check-post';
import type { AuthorStyle } from '@/entities/post/check/habits';
import {
  buildRewritePrompt,
  splitOpening,
  type AuthorInput,
  type RewriteFinding,
  type RewriteKind,
} from './build-post-prompt';

export const rewriteLimits = {
  maxTokens: 1500,
  /** Passes that must leave most words alone run cooler than the creative ones. */
  temperature: { shorter: 0.7, hook: 0.7, personal: 0.7, tells: 0.3, spelling: 0.2 },
} as const satisfies { maxTokens: number; temperature: Record<RewriteKind, number> };

/**
 * The post-check findings "Remove AI tells" sends: the tells that sit in a span of the text. Not
 * the whole-post findings (length, every paragraph one sentence) nor the feed's concerns (the fold,
 * a link), which rewriting a few words cannot fix.
 */
const notTells: readonly FindingKind[] = [
  'one-line-paragraphs',
  'over-limit',
  'hook-past-fold',
  'length-outside-range',
  'link-in-body',
  'repeats-earlier-post',
];
const tellKinds: ReadonlySet<FindingKind> = new Set(findingKinds.filter((kind) => !notTells.includes(kind)));

/** Longest sentence quoted around a finding. */
const maxContext = 240;

/** The sentence (or line) around text[start, end), trimmed. */
function sentenceAround(text: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && !/[.!?\n]/u.test(text[from - 1] ?? '')) from -= 1;
  let to = end;
  while (to < text.length && !/[.!?\n]/u.test(text[to] ?? '')) to += 1;
  if (to < text.length && text[to] !== '\n') to += 1;
  const sentence = text.slice(from, to).trim();
  return sentence.length > maxContext ? '' : sentence;
}

/**
 * What "Remove AI tells" would ask the model to rewrite in `text` (empty: nothing to remove). With
 * the author's style, their own habits (information in the post check, not warnings) are left alone.
 */
export function aiTellFindings(
  text: string,
  maxHashtags?: number | null,
  author?: AuthorStyle,
): RewriteFinding[] {
  const options = { ...(maxHashtags == null ? {} : { maxHashtags }), ...(author ? { author } : {}) };
  const findings = checkPost(text, options).filter(
    (finding) => finding.severity === 'warning' && tellKinds.has(finding.kind),
  );
  const seen = new Set<string>();
  const result: RewriteFinding[] = [];
  for (const finding of findings) {
    const quote = text.slice(finding.start, finding.end).trim();
    if (quote === '') continue;
    const sentence = sentenceAround(text, finding.start, finding.end);
    const context = sentence !== '' && sentence !== quote ? sentence : undefined;
    const key = `${quote}\u0000${context ?? ''}\u0000${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(context ? { quote, message: finding.message, context } : { quote, message: finding.message });
  }
  return result;
}

export interface RewriteRequest extends AuthorInput {
  ai_engine: AiEngine;
  ai_model: string;
  /** The author's style for the post check: "Remove AI tells" leaves their own habits alone. */
  authorStyle?: AuthorStyle;
}

export interface RewriteContext {
  catalog: ModelCatalog;
  apiBaseUrl: string;
  accessToken: string;
  signal?: AbortSignal;
  /**
   * Receives the whole post as it will read (the visible cumulative text) at most once per animation
   * frame, and the last text before rewritePost returns or throws (complete()).
   */
  onProgress?: (visibleText: string) => void;
  /** What the engine is doing before its first word (complete()'s onWaiting). */
  onWaiting?: AiCallContext['onWaiting'];
}

/** The first paragraph of a reply: a new opening never contains a blank line. */
const firstParagraph = (text: string) =>
  text
    .trim()
    .split(/\n[ \t]*\n/u)[0]
    ?.trim() ?? '';

/**
 * One rewrite of `post` through the engine's route (one AI request); throws AiRequestError.
 * "Punchier hook" asks for the opening only and puts it back in front of the untouched rest, so
 * the rest is unchanged whatever the model replies.
 */
export async function rewritePost(
  kind: RewriteKind,
  post: string,
  request: RewriteRequest,
  context: RewriteContext,
): Promise<string> {
  const findings =
    kind === 'tells' ? aiTellFindings(post, request.rules?.maxHashtags, request.authorStyle) : [];
  if (kind === 'tells' && findings.length === 0) throw new AiRequestError('Nothing to remove');
  const { system, user } = buildRewritePrompt(kind, post, { ...request, findings });
  const rest = kind === 'hook' ? splitOpening(post).rest : '';
  const whole = (reply: string) =>
    kind === 'hook' ? [firstParagraph(reply), rest].filter(Boolean).join('\n\n') : reply.trim();
  const onProgress = context.onProgress;
  const raw = await complete(
    {
      catalog: context.catalog,
      engine: request.ai_engine,
      model: request.ai_model,
      system,
      turns: [{ role: 'user', content: user }],
      maxTokens: rewriteLimits.maxTokens,
      temperature: rewriteLimits.temperature[kind],
    },
    {
      apiBaseUrl: context.apiBaseUrl,
      accessToken: context.accessToken,
      ...(context.signal ? { signal: context.signal } : {}),
      ...(context.onWaiting ? { onWaiting: context.onWaiting } : {}),
    },
    onProgress
      ? (visible) => {
          if (visible.trim() !== '') onProgress(whole(visible));
        }
      : undefined,
  );
  const reply = visiblePostText(raw).trim();
  const rewritten = kind === 'hook' ? firstParagraph(reply) : reply;
  if (rewritten === '') throw new AiRequestError('The AI returned an empty post. Please try again.');
  return whole(reply);
}
