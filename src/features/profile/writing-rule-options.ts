import { emojiLevels, languages, maxHashtagsLimit } from '@/config/profile-options';
import type { WritingRule, WritingRuleKey, WritingRuleValues } from '@/lib/writing-rules/writing-rules';

/** How Settings names each writing rule and its values (the select's value is the stored value as text). */
export interface RuleOptions {
  label: string;
  options: readonly { value: string; label: string }[];
}

const listLabels = [
  { value: 'arrow', label: '→ Arrows' },
  { value: 'bullet', label: '• Bullets' },
  { value: 'number', label: 'Numbered (1., 2.)' },
  { value: 'emoji', label: 'Emoji bullets' },
  { value: 'none', label: 'No lists' },
];

export const ruleOptions: Record<WritingRuleKey, RuleOptions> = {
  language: { label: 'Language', options: languages },
  endWithQuestion: {
    label: 'How posts end',
    options: [
      { value: 'true', label: 'A question to readers' },
      { value: 'false', label: 'A takeaway' },
    ],
  },
  emoji: { label: 'Emoji in posts', options: emojiLevels },
  maxHashtags: {
    label: 'Maximum hashtags',
    options: Array.from({ length: maxHashtagsLimit + 1 }, (_, count) => ({
      value: String(count),
      label: count === 0 ? 'None' : String(count),
    })),
  },
  lists: { label: 'List style', options: listLabels },
  paragraphs: {
    label: 'Paragraph length',
    options: [
      { value: 'single-line', label: 'Mostly one line each' },
      { value: 'varied', label: 'Varied lengths' },
    ],
  },
  dashes: {
    label: 'Dashes',
    options: [
      { value: 'use', label: 'Dashes are fine' },
      { value: 'avoid', label: 'No dashes' },
    ],
  },
};

/** The option value that means "no choice: follow my posts". */
export const followValue = '';

export function valueLabel<K extends WritingRuleKey>(key: K, value: WritingRuleValues[K]): string {
  return ruleOptions[key].options.find((option) => option.value === String(value))?.label ?? String(value);
}

/** The first option: what following the posts (or the default) gives today. */
export function followLabel<K extends WritingRuleKey>(key: K, followed: WritingRule<K>): string {
  const shown = valueLabel(key, followed.value);
  return followed.source === 'samples' ? `From my posts: ${shown}` : `Default: ${shown}`;
}

/** The line under a rule: where its value comes from. */
export function ruleSourceNote(chosen: boolean, followed: WritingRule): string {
  if (chosen)
    return followed.source === 'samples'
      ? `Your choice. Your posts show: ${followed.evidence}.`
      : 'Your choice.';
  if (followed.source === 'samples') return `From your posts: ${followed.evidence}.`;
  return followed.evidence
    ? `Default: your posts show no clear habit (${followed.evidence}).`
    : 'Default: your posts show no habit here yet.';
}

const parsers: { [K in WritingRuleKey]: (text: string) => WritingRuleValues[K] | null } = {
  language: (text) => (text === 'en-GB' || text === 'en-US' ? text : null),
  endWithQuestion: (text) => (text === 'true' ? true : text === 'false' ? false : null),
  emoji: (text) => (text === 'none' || text === 'few' || text === 'any' ? text : null),
  maxHashtags: (text) => {
    const count = Number(text);
    return text !== '' && Number.isInteger(count) && count >= 0 && count <= maxHashtagsLimit ? count : null;
  },
  lists: (text) =>
    text === 'arrow' || text === 'bullet' || text === 'number' || text === 'emoji' || text === 'none'
      ? text
      : null,
  paragraphs: (text) => (text === 'single-line' || text === 'varied' ? text : null),
  dashes: (text) => (text === 'use' || text === 'avoid' ? text : null),
};

/** The select's text as a choice; "follow my posts" (or anything else) is null. */
export function parseChoice<K extends WritingRuleKey>(key: K, text: string): WritingRuleValues[K] | null {
  return parsers[key](text);
}
