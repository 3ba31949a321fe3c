import { openingOf } from '@/lib/voice/voice-openings';
import { parsePost } from '@/lib/voice/voice-text';
import { listStyleOf } from '@/lib/voice/voice-lists';

/** The generator's topic box holds at most this many characters (features/generator maxTopicLength). */
const maxTopicLength = 1000;

const openingWords: Record<string, string> = {
  story: 'opens with a first-person story',
  number: 'opens with a number',
  contrarian: 'opens with a contrarian claim',
  question: 'opens with a question',
  quote: 'opens with a quote',
  statement: 'opens with a plain statement',
};

/**
 * The topic handed to the generator by "Write a new version" on a top post: the same idea and
 * structure, asked for in new words (the generator writes it in the author's voice, as any post).
 * The old post goes in as a reference to take the idea from, cut to fit the topic box.
 */
export function newVersionTopic(content: string): string {
  const parsed = parsePost(content);
  const opening = parsed ? openingWords[openingOf(parsed)] : undefined;
  const paragraphs = parsed?.paragraphs.length ?? 1;
  const list = listStyleOf(content) !== 'none' ? ', with a list' : '';
  const head = `A new version of one of my best posts: the same idea and the same structure (it ${opening ?? 'opens with a statement'}, ${paragraphs} paragraph${paragraphs === 1 ? '' : 's'}${list}), but a fresh post in new words: do not copy or reuse its sentences. The earlier post:\n`;
  const room = maxTopicLength - head.length - 2;
  const body = content.trim();
  return `${head}“${body.length > room ? `${body.slice(0, room - 1).trimEnd()}…` : body}”`;
}
