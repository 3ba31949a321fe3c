import { describeHabit } from './describe-habit';
import type { ClosingKind } from './voice-habits';
import { isQuestion } from './voice-openings';
import type { Post } from './voice-text';

/** How the author ends a post, for the habits and the voice profile. */

const callToAction =
  /^\P{L}*(?:comment|repost|follow|subscribe|register|sign up|download|grab|dm|message me|tell me|check out|click|drop|tag|share (?:this|it|your)|save this|join (?:us|me|the))\b/iu;
const callToActionAnywhere =
  /\b(?:let me know|in the comments|link in|link below|dm me|reach out|follow me|repost)\b/iu;

/**
 * The kind of a post's last paragraph (its hashtags left out, so a question followed by a line of
 * hashtags is a question): a question if its last sentence is one, a call to action if a sentence
 * starts with one of the first list or says one of the second anywhere, or else a takeaway.
 */
export function closingOf(post: Post): ClosingKind {
  const { sentences } = post.last;
  const last = sentences.at(-1);
  if (last && isQuestion(last)) return 'question';
  const texts = sentences.map((sentence) => sentence.tokens.join(' '));
  return texts.some((text) => callToAction.test(text) || callToActionAnywhere.test(text))
    ? 'action'
    : 'takeaway';
}

const closingLabels: Record<ClosingKind, string> = {
  question: 'a question to readers',
  action: 'a call to action',
  takeaway: 'a takeaway',
};

export function describeClosings(posts: readonly Post[]): string {
  return describeHabit(
    'Ends',
    posts.map((post) => closingLabels[closingOf(post)]),
  );
}
