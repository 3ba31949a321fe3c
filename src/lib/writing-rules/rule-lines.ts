import type { LanguagePreference } from '@/config/profile-options';
import type { WritingRuleValues } from './writing-rules';

/**
 * The instruction each rule's value gives the model. One line per rule, so the prompt holds one
 * instruction per habit and never two that disagree. Fixed sentences chosen by value: nothing the
 * author wrote reaches the system message through here.
 */

export const spellingRules: Record<LanguagePreference, string> = {
  'en-GB':
    'British English (UK spelling and vocabulary: "organise", "colour", "programme", "whilst" is fine)',
  'en-US': 'American English (US spelling and vocabulary: "organize", "color", "program")',
};

export function languageLine({ language }: WritingRuleValues): string {
  return `Write in ${spellingRules[language]}.`;
}

export function endingLine({ endWithQuestion }: WritingRuleValues): string {
  return endWithQuestion
    ? 'End with one genuine question to readers that follows from the post (never just "Thoughts?" or "Agree?").'
    : 'End on a concrete takeaway or a clear next step, not on a question.';
}

export function hashtagLine({ maxHashtags }: WritingRuleValues): string {
  if (maxHashtags <= 0) return 'No hashtags.';
  return `At most ${maxHashtags} relevant hashtag${maxHashtags === 1 ? '' : 's'}, on the last line.`;
}

export function emojiLine({ emoji, lists }: WritingRuleValues): string {
  const bullets = lists === 'emoji' ? '' : ', never as bullets';
  switch (emoji) {
    case 'none':
      return 'Use no emoji at all.';
    case 'few':
      return `At most two emoji, only where they add something${bullets}.`;
    case 'any':
      return `Use emoji as the author does in their own posts${bullets}.`;
  }
}

export function listLine({ lists, emoji }: WritingRuleValues): string {
  switch (lists) {
    case 'arrow':
      return 'When the post lists things, put each item on its own line starting with "→ ", as the author does.';
    case 'bullet':
      return 'When the post lists things, put each item on its own line starting with "• ", as the author does.';
    case 'number':
      return 'If a list helps, number its items ("1.", "2.", …) on their own lines; no bullets made of emoji or arrows (→).';
    case 'emoji':
      return emoji === 'none'
        ? 'No lists: write in sentences and paragraphs.'
        : 'When the post lists things, start each item on its own line with an emoji, as the author does.';
    case 'none':
      return 'No lists: write in sentences and paragraphs, with no bullets of any kind.';
  }
}

export function paragraphLine({ paragraphs }: WritingRuleValues): string {
  return paragraphs === 'single-line'
    ? 'Keep most paragraphs to a single line or sentence, as the author does, separated by blank lines.'
    : 'Use short paragraphs separated by blank lines, and vary their length: not every paragraph a single sentence.';
}

export function dashLine({ dashes }: WritingRuleValues): string | null {
  return dashes === 'avoid'
    ? 'No em dashes or en dashes used as dashes: use a comma, a full stop or parentheses.'
    : null;
}
