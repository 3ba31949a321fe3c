import { afterEach, describe, expect, it, vi } from 'vitest';
import { openingLabels, openingOf } from '@/lib/voice/voice-openings';
import { parsePost } from '@/lib/voice/voice-text';
import type * as VoiceText from '@/lib/voice/voice-text';
import { openingKindOf, postTraits, warmPostTraits } from './post-traits';
import type { ResultsPost } from './results-post';

const post = (id: string, content: string, fields: Partial<ResultsPost> = {}): ResultsPost => ({
  id,
  content,
  publishedAt: '2026-11-24T08:30:00Z',
  linkedinUrl: null,
  hasImage: false,
  ...fields,
});

// Counts the posts read: each post of one line is parsed once when its traits are worked out.
vi.mock('@/lib/voice/voice-text', async (importOriginal) => {
  const actual = await importOriginal<typeof VoiceText>();
  return { ...actual, parsePost: vi.fn(actual.parsePost) };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('openingKindOf', () => {
  // What the whole post parsed says (how postTraits read it before: every sentence of every post).
  const fullRead = (content: string) => {
    const parsed = parsePost(content);
    return parsed ? openingOf(parsed) : null;
  };

  it.each([
    'Why do we still estimate?\n\nWe stopped.',
    '40% of our tickets were duplicates.\nHere is why.',
    'I used to think meetings were work.',
    '"Done is better than perfect" they say.',
    'Unpopular opinion: stand-ups are a waste.',
    '#hiring #jobs\n\nWe are hiring three engineers.',
    '\r\n\r\n   \r\nHiring update: we doubled.\r\nMore soon.',
    '🚀\n\nShipped! The new editor is live.',
    'Short. Then a second sentence on the same line? And a third.',
  ])('reads the first line with words as the whole post would: %j', (content) => {
    const kind = fullRead(content);
    expect(openingKindOf(content)).toBe(kind ? openingLabels[kind] : 'a statement');
  });

  it('says "a statement" for a post without words', () => {
    expect(openingKindOf('')).toBe('a statement');
    expect(openingKindOf('#one #two\n\n#three')).toBe('a statement');
  });
});

describe('postTraits', () => {
  it('reads a post once, and again when its text, time or the time zone changes', () => {
    const first = post('p1', 'Why do we still estimate?');
    const traits = postTraits(first, 'Europe/London');
    expect(traits).toEqual({
      opening: 'a question',
      length: 'short (under 500 characters)',
      format: 'text only',
      weekday: 'Tuesday',
      hour: 'morning (6:00 to 11:00)',
    });
    // The same post loaded again (a new object): known.
    expect(postTraits({ ...first }, 'Europe/London')).toBe(traits);
    expect(postTraits({ ...first, content: '40% of our tickets.' }, 'Europe/London').opening).toBe(
      'a number',
    );
    expect(postTraits({ ...first, hasImage: true }, 'Europe/London').format).toBe('text with an image');
    expect(postTraits(first, 'Asia/Tokyo')).toMatchObject({ hour: 'afternoon (14:00 to 18:00)' });
  });
});

describe('warmPostTraits', () => {
  it('reads the posts ahead, a slice per task, until told to stop', () => {
    vi.useFakeTimers();
    const reads = vi.mocked(parsePost);
    reads.mockClear();
    const posts = Array.from({ length: 120 }, (_, index) => post(`warm-${index}`, `Post ${index}.`));
    const stop = new AbortController();
    warmPostTraits(posts, 'UTC', stop.signal);
    expect(reads).toHaveBeenCalledTimes(0);
    vi.advanceTimersToNextTimer();
    expect(reads).toHaveBeenCalledTimes(50);
    vi.advanceTimersToNextTimer();
    expect(reads).toHaveBeenCalledTimes(100);
    stop.abort();
    vi.runAllTimers();
    expect(reads).toHaveBeenCalledTimes(100);
    // What was read ahead is known; the rest is read when asked for.
    postTraits(posts[99]!, 'UTC');
    expect(reads).toHaveBeenCalledTimes(100);
    postTraits(posts[100]!, 'UTC');
    expect(reads).toHaveBeenCalledTimes(101);
  });
});
