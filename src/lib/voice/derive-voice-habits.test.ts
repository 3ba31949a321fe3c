import { describe, expect, it } from 'vitest';
import { linkedInLength } from '@/lib/linkedin/linkedin-text';
import { deriveVoiceHabits } from './derive-voice-habits';
import { americanSalesCoach, britishSalesCoach } from './fixtures/sales-coach-posts';

const habits = (...samples: string[]) => deriveVoiceHabits(samples);

describe('deriveVoiceHabits', () => {
  describe('a British sales coach (five real-looking posts)', () => {
    const read = deriveVoiceHabits(britishSalesCoach);

    it('counts every post once, by spelling, opening, ending and list style', () => {
      expect(read).toMatchObject({
        posts: 5,
        spelling: { 'en-GB': 5, 'en-US': 0 },
        openings: { story: 0, number: 3, contrarian: 2, question: 0, quote: 0, statement: 0 },
        closings: { question: 5, action: 0, takeaway: 0 },
        lists: { arrow: 3, bullet: 0, number: 1, emoji: 0, none: 1 },
        emoji: { posts: 0, median: 0 },
        hashtags: { posts: 4, median: 2 },
        dashPosts: 0,
      });
    });

    it('counts one-sentence paragraphs and the length in LinkedIn characters', () => {
      const lengths = britishSalesCoach.map((post) => linkedInLength(post)).sort((a, b) => a - b);
      expect(read?.characters).toEqual({ min: lengths[0], median: lengths[2], max: lengths[4] });
      expect(read?.paragraphs).toEqual({ total: 41, singleSentence: 28 });
    });

    it('finds the phrases the author repeats, in the samples they are in', () => {
      expect(read?.phrases.slice(0, 2)).toEqual([
        { phrase: "Here's what I'd do instead", samples: [0, 1, 3] },
        { phrase: 'Boring? Yes. Works? Also yes.', samples: [0, 2, 4] },
      ]);
      for (const { phrase, samples } of read?.phrases ?? []) {
        expect(phrase.split(' ').length).toBeGreaterThan(1);
        expect(samples.length).toBeGreaterThanOrEqual(2);
      }
    });
  });

  it('reads the same posts spelt the American way as American', () => {
    expect(deriveVoiceHabits(americanSalesCoach)?.spelling).toEqual({ 'en-GB': 0, 'en-US': 5 });
  });

  it('is null without a sample that holds words, and leaves such samples out', () => {
    expect(deriveVoiceHabits([])).toBeNull();
    expect(habits('', '   ', '🚀 🚀', '#hiring #teams')).toBeNull();
    expect(habits('', 'Ship it today.', '#tag')?.posts).toBe(1);
  });

  it('numbers phrases by the samples as given, blank ones included', () => {
    const refrain = 'Boring? Yes. Works? Also yes.';
    expect(habits(`Calls first.\n\n${refrain}`, '', `Emails later.\n\n${refrain}`)?.phrases).toEqual([
      { phrase: refrain, samples: [0, 2] },
    ]);
  });

  it('does not take words ending in -ise in both spellings for British ones', () => {
    const text =
      'Prices rise. Exercise daily, advertise otherwise, and surprise them with a compromise. Enterprise expertise, revised.';
    expect(habits(text, text)?.spelling).toEqual({ 'en-GB': 0, 'en-US': 0 });
  });

  it('does not make a phrase of one sample, nor of stop words alone', () => {
    const read = habits(
      "Here's what I'd do instead: call them. It is what it is, and that is all there is to it.",
      'It is what it is. And that is all there is to it.',
      'Nothing repeats here, and that is fine.',
    );
    expect(read?.phrases).toEqual([]);
  });

  it('counts a closing question followed by a line of hashtags (and an emoji) as a question', () => {
    expect(
      habits(
        'Story.\n\nWhat would you do?\n#sales #b2b',
        'Story.\n\nWhat would you do?\n\n#sales #b2b 🚀',
        'Story.\n\nWould you?\n👇\n#sales',
      )?.closings,
    ).toEqual({ question: 3, action: 0, takeaway: 0 });
  });

  it('counts em and en dashes used as dashes, not a range between numbers nor a list marker', () => {
    expect(habits('We shipped — finally.')?.dashPosts).toBe(1);
    expect(habits('We shipped – finally.')?.dashPosts).toBe(1);
    expect(habits('We grew 20–30% in 2019 – 2021.', 'Pages 3—5.')?.dashPosts).toBe(0);
    expect(habits('Three things:\n– One\n– Two')?.dashPosts).toBe(0);
  });

  it('takes the median emoji and hashtags per post, and counts the posts that have any', () => {
    expect(habits('Go 🚀 🚀 🚀.\n\n#a #b #c', 'Go 🚀.\n\n#a', 'Plain post.')).toMatchObject({
      emoji: { posts: 2, median: 1 },
      hashtags: { posts: 2, median: 1 },
    });
    expect(habits('Go 🚀 🚀 🚀.', 'Plain post.')?.emoji).toEqual({ posts: 1, median: 1.5 });
  });
});
