import { maxHashtagsLimit, type EmojiLevel, type LanguagePreference } from '@/config/profile-options';
import type { VoiceHabits } from '@/lib/voice/voice-habits';

/**
 * The one place that decides how a draft is written (docs/decisions/024-writing-rules.md): for each
 * rule, the author's own choice in Settings wins; where they made none, what their samples show;
 * where the samples show nothing clear, the house default. The prompt, Settings and the rewrites
 * all read the rules from here, so a house rule can never sit next to a contradicting voice line.
 */

/** The values of the rules with a CHECK-ed column of their own (supabase/migrations). */
export const listRules = ['arrow', 'bullet', 'number', 'emoji', 'none'] as const;
export type ListRule = (typeof listRules)[number];
export const paragraphRules = ['single-line', 'varied'] as const;
export type ParagraphRule = (typeof paragraphRules)[number];
export const dashRules = ['use', 'avoid'] as const;
export type DashRule = (typeof dashRules)[number];

export interface WritingRuleValues {
  language: LanguagePreference;
  endWithQuestion: boolean;
  emoji: EmojiLevel;
  maxHashtags: number;
  lists: ListRule;
  paragraphs: ParagraphRule;
  dashes: DashRule;
}

export type WritingRuleKey = keyof WritingRuleValues;

export const writingRuleKeys = [
  'language',
  'endWithQuestion',
  'emoji',
  'maxHashtags',
  'lists',
  'paragraphs',
  'dashes',
] as const satisfies readonly WritingRuleKey[];

/** Where a rule's value comes from: the author's choice, their samples, or the house default. */
export type RuleSource = 'author' | 'samples' | 'default';

export interface WritingRule<K extends WritingRuleKey = WritingRuleKey> {
  value: WritingRuleValues[K];
  source: RuleSource;
  /** What the samples show for this rule, in plain words, when they show anything. */
  evidence: string | null;
}

export type WritingRules = { [K in WritingRuleKey]: WritingRule<K> };

/** The author's choices in Settings: null (or absent) is "follow my posts". */
export type WritingRuleChoices = { [K in WritingRuleKey]?: WritingRuleValues[K] | null };

export const houseDefaults: WritingRuleValues = {
  language: 'en-US',
  endWithQuestion: false,
  emoji: 'few',
  maxHashtags: 3,
  lists: 'number',
  paragraphs: 'varied',
  dashes: 'avoid',
};

/** What the samples show: a value and the words that say why, or null when they show nothing clear. */
type Reading<K extends WritingRuleKey> = { value: WritingRuleValues[K]; evidence: string } | null;

/** Two samples are the least a habit is read from: one post is an anecdote, not a habit. */
const minimumPosts = 2;

const of = (count: number, posts: number) => `${count} of ${posts} posts`;

const readers: { [K in WritingRuleKey]: (habits: VoiceHabits) => Reading<K> } = {
  language: ({ spelling, posts }) => {
    const british = spelling['en-GB'];
    const american = spelling['en-US'];
    if (british > american) return { value: 'en-GB', evidence: `British spelling in ${of(british, posts)}` };
    if (american > british)
      return { value: 'en-US', evidence: `American spelling in ${of(american, posts)}` };
    return null;
  },
  endWithQuestion: ({ closings, posts }) => {
    const questions = closings.question;
    if (questions * 2 >= posts)
      return { value: true, evidence: `${of(questions, posts)} end with a question` };
    return { value: false, evidence: `${of(posts - questions, posts)} end without a question` };
  },
  emoji: ({ emoji, posts }) => {
    if (emoji.posts === 0) return { value: 'none', evidence: `No emoji in any of ${posts} posts` };
    if (emoji.median >= 3) return { value: 'any', evidence: `About ${emoji.median} emoji per post` };
    return { value: 'few', evidence: `Emoji in ${of(emoji.posts, posts)}` };
  },
  maxHashtags: ({ hashtags, posts }) => {
    if (hashtags.posts === 0) return { value: 0, evidence: `No hashtags in any of ${posts} posts` };
    const usual = Math.min(maxHashtagsLimit, Math.max(1, Math.round(hashtags.median)));
    return { value: usual, evidence: `Hashtags in ${of(hashtags.posts, posts)}, about ${usual} each` };
  },
  lists: ({ lists, posts }) => {
    const styles = (['arrow', 'bullet', 'number', 'emoji'] as const)
      .map((style) => ({ style, posts: lists[style] }))
      .sort((a, b) => b.posts - a.posts);
    const top = styles[0]!;
    const names = {
      arrow: '→ arrows',
      bullet: '• bullets',
      number: 'numbered lists',
      emoji: 'emoji bullets',
    };
    if (top.posts >= minimumPosts || (top.posts > 0 && top.posts * 2 >= posts))
      return { value: top.style, evidence: `${names[top.style]} in ${of(top.posts, posts)}` };
    if (lists.none === posts) return { value: 'none', evidence: `No lists in any of ${posts} posts` };
    return null;
  },
  paragraphs: ({ paragraphs }) => {
    if (paragraphs.total === 0) return null;
    const share = paragraphs.singleSentence / paragraphs.total;
    const said = `${paragraphs.singleSentence} of ${paragraphs.total} paragraphs are one sentence`;
    if (share >= 0.6) return { value: 'single-line', evidence: said };
    if (share <= 0.4) return { value: 'varied', evidence: said };
    return null;
  },
  dashes: ({ dashPosts, posts }) => {
    if (dashPosts === 0) return { value: 'avoid', evidence: `No dashes in any of ${posts} posts` };
    if (dashPosts >= minimumPosts) return { value: 'use', evidence: `Dashes in ${of(dashPosts, posts)}` };
    return null;
  },
};

function ruleFor<K extends WritingRuleKey>(
  key: K,
  choices: WritingRuleChoices,
  habits: VoiceHabits | null,
): WritingRule<K> {
  const reading = habits && habits.posts >= minimumPosts ? readers[key](habits) : null;
  const chosen = choices[key];
  if (chosen !== undefined && chosen !== null)
    return { value: chosen as WritingRuleValues[K], source: 'author', evidence: reading?.evidence ?? null };
  if (reading) return { value: reading.value, source: 'samples', evidence: reading.evidence };
  return { value: houseDefaults[key], source: 'default', evidence: null };
}

/** Every rule with its value and where it comes from. */
export function resolveWritingRules(choices: WritingRuleChoices, habits: VoiceHabits | null): WritingRules {
  const rules = {} as Record<WritingRuleKey, WritingRule>;
  for (const key of writingRuleKeys) rules[key] = ruleFor(key, choices, habits);
  return rules as WritingRules;
}

/** The author's choices as the profile stores them (null: follow my posts). */
export function choicesOf(profile: {
  language_preference: LanguagePreference | null;
  end_with_question: boolean | null;
  emoji_level: EmojiLevel | null;
  max_hashtags: number | null;
  list_style: ListRule | null;
  paragraph_style: ParagraphRule | null;
  dash_style: DashRule | null;
}): WritingRuleChoices {
  return {
    language: profile.language_preference,
    endWithQuestion: profile.end_with_question,
    emoji: profile.emoji_level,
    maxHashtags: profile.max_hashtags,
    lists: profile.list_style,
    paragraphs: profile.paragraph_style,
    dashes: profile.dash_style,
  };
}

/** The profile's columns for the author's choices (null: follow my posts). */
export function columnsOf(choices: WritingRuleChoices) {
  return {
    language_preference: choices.language ?? null,
    end_with_question: choices.endWithQuestion ?? null,
    emoji_level: choices.emoji ?? null,
    max_hashtags: choices.maxHashtags ?? null,
    list_style: choices.lists ?? null,
    paragraph_style: choices.paragraphs ?? null,
    dash_style: choices.dashes ?? null,
  };
}

/** The rules' values alone. */
export function ruleValues(rules: WritingRules): WritingRuleValues {
  const values = {} as Record<WritingRuleKey, unknown>;
  for (const key of writingRuleKeys) values[key] = rules[key].value;
  return values as WritingRuleValues;
}
