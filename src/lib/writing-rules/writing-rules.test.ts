import { describe, expect, it } from 'vitest';
import type { VoiceHabits } from '@/lib/voice/voice-habits';
import { choicesOf, columnsOf, houseDefaults, resolveWritingRules, ruleValues } from './writing-rules';

/** Five posts with no habit of their own: nothing a rule could be read from. */
function habits(overrides: Partial<VoiceHabits> = {}): VoiceHabits {
  return {
    posts: 5,
    spelling: { 'en-GB': 0, 'en-US': 0 },
    openings: { story: 1, number: 1, contrarian: 1, question: 1, quote: 0, statement: 1 },
    closings: { question: 1, action: 1, takeaway: 3 },
    lists: { arrow: 0, bullet: 0, number: 1, emoji: 0, none: 4 },
    paragraphs: { total: 20, singleSentence: 10 },
    emoji: { posts: 2, median: 0 },
    hashtags: { posts: 5, median: 3 },
    dashPosts: 1,
    characters: { min: 400, median: 900, max: 1400 },
    phrases: [],
    ...overrides,
  };
}

describe('resolveWritingRules: the author, then the samples, then the house', () => {
  it('without samples, every rule is the house default', () => {
    const rules = resolveWritingRules({}, null);
    expect(ruleValues(rules)).toEqual(houseDefaults);
    expect(Object.values(rules).every((rule) => rule.source === 'default' && rule.evidence === null)).toBe(
      true,
    );
  });

  it('one sample is not a habit', () => {
    const rules = resolveWritingRules(
      {},
      habits({ posts: 1, closings: { question: 1, action: 0, takeaway: 0 } }),
    );
    expect(rules.endWithQuestion).toEqual({ value: false, source: 'default', evidence: null });
  });

  it('reads British spelling, question endings, arrow lists, one-line paragraphs and no emoji', () => {
    const rules = resolveWritingRules(
      {},
      habits({
        spelling: { 'en-GB': 4, 'en-US': 1 },
        closings: { question: 5, action: 0, takeaway: 0 },
        lists: { arrow: 3, bullet: 0, number: 0, emoji: 0, none: 2 },
        paragraphs: { total: 40, singleSentence: 34 },
        emoji: { posts: 0, median: 0 },
        hashtags: { posts: 4, median: 2 },
        dashPosts: 0,
      }),
    );
    expect(rules.language).toEqual({
      value: 'en-GB',
      source: 'samples',
      evidence: 'British spelling in 4 of 5 posts',
    });
    expect(rules.endWithQuestion).toEqual({
      value: true,
      source: 'samples',
      evidence: '5 of 5 posts end with a question',
    });
    expect(rules.lists).toEqual({ value: 'arrow', source: 'samples', evidence: '→ arrows in 3 of 5 posts' });
    expect(rules.paragraphs.value).toBe('single-line');
    expect(rules.emoji).toEqual({ value: 'none', source: 'samples', evidence: 'No emoji in any of 5 posts' });
    expect(rules.maxHashtags).toEqual({
      value: 2,
      source: 'samples',
      evidence: 'Hashtags in 4 of 5 posts, about 2 each',
    });
    expect(rules.dashes).toEqual({
      value: 'avoid',
      source: 'samples',
      evidence: 'No dashes in any of 5 posts',
    });
  });

  it('leaves to the house what the samples do not settle', () => {
    const rules = resolveWritingRules({}, habits());
    expect(rules.language.source).toBe('default');
    expect(rules.paragraphs.source).toBe('default'); // half and half
    expect(rules.dashes.source).toBe('default'); // one post of five
    expect(rules.lists.source).toBe('default'); // one numbered list
    expect(rules.endWithQuestion).toMatchObject({ value: false, source: 'samples' });
  });

  it('reads American spelling, dashes in two posts, many emoji, no hashtags and lists in none', () => {
    const rules = resolveWritingRules(
      {},
      habits({
        spelling: { 'en-GB': 0, 'en-US': 2 },
        dashPosts: 2,
        emoji: { posts: 5, median: 4 },
        hashtags: { posts: 0, median: 0 },
        lists: { arrow: 0, bullet: 0, number: 0, emoji: 0, none: 5 },
        paragraphs: { total: 10, singleSentence: 2 },
      }),
    );
    expect(ruleValues(rules)).toMatchObject({
      language: 'en-US',
      dashes: 'use',
      emoji: 'any',
      maxHashtags: 0,
      lists: 'none',
      paragraphs: 'varied',
    });
  });

  it('the author’s choice wins and keeps what the samples show beside it', () => {
    const rules = resolveWritingRules(
      { endWithQuestion: false, language: null },
      habits({ closings: { question: 5, action: 0, takeaway: 0 }, spelling: { 'en-GB': 3, 'en-US': 0 } }),
    );
    expect(rules.endWithQuestion).toEqual({
      value: false,
      source: 'author',
      evidence: '5 of 5 posts end with a question',
    });
    expect(rules.language).toMatchObject({ value: 'en-GB', source: 'samples' });
    expect(resolveWritingRules({ maxHashtags: 0 }, null).maxHashtags).toEqual({
      value: 0,
      source: 'author',
      evidence: null,
    });
  });
});

describe('the profile’s columns', () => {
  it('round-trip, with null for "follow my posts"', () => {
    const columns = {
      language_preference: 'en-GB' as const,
      end_with_question: null,
      emoji_level: 'none' as const,
      max_hashtags: 0,
      list_style: null,
      paragraph_style: 'single-line' as const,
      dash_style: 'use' as const,
    };
    expect(columnsOf(choicesOf(columns))).toEqual(columns);
    expect(columnsOf({})).toEqual({
      language_preference: null,
      end_with_question: null,
      emoji_level: null,
      max_hashtags: null,
      list_style: null,
      paragraph_style: null,
      dash_style: null,
    });
  });
});
