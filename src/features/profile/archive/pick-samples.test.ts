import sharesCsv from '../../../../tests/fixtures/linkedin-archive/Shares.csv?raw';
import type { ArchivePost } from './parse-shares-csv';
import { parseSharesCsv } from './parse-shares-csv';
import { canBeSample, pickSamples } from './pick-samples';

/** Posts newest first, one a day back from 2026-11-01, as parseSharesCsv orders them. */
const newestFirst = (texts: readonly string[]): ArchivePost[] =>
  texts.map((text, index) => ({
    text,
    link: `https://l/${index}`,
    postedAt: new Date(Date.UTC(2026, 10, 1) - index * 86_400_000).toISOString(),
  }));

const long = (opening: string, length: number) =>
  `${opening} ${'and then some more words '.repeat(400)}`.slice(0, length);

describe('canBeSample', () => {
  it('takes posts as long as a voice sample may be: 40 to 5,000 characters', () => {
    expect(canBeSample('x'.repeat(39))).toBe(false);
    expect(canBeSample('x'.repeat(40))).toBe(true);
    expect(canBeSample('x'.repeat(5000))).toBe(true);
    expect(canBeSample('x'.repeat(5001))).toBe(false);
    // Counted as the database does: 40 emoji are 40 characters.
    expect(canBeSample('🚀'.repeat(40))).toBe(true);
  });
});

describe('pickSamples', () => {
  it('proposes ten of the synthetic archive, none too short, newest first', () => {
    const parse = parseSharesCsv(sharesCsv);
    if (!parse.ok) throw new Error(parse.error.message);
    const picked = pickSamples(parse.posts);
    expect(picked).toHaveLength(10);
    expect(picked).toEqual(picked.toSorted((a, b) => a - b));
    expect(picked.map((index) => parse.posts[index]?.text)).not.toContain('Thrilled to share!');
    // The newest post is always among them.
    expect(picked[0]).toBe(0);
  });

  it('proposes every post that can be a sample when there are ten or fewer', () => {
    const posts = newestFirst(['too short', long('I once', 300), long('Why do', 900), 'x'.repeat(6000)]);
    expect(pickSamples(posts)).toEqual([1, 2]);
  });

  it('proposes nothing from posts that cannot be samples', () => {
    expect(pickSamples(newestFirst(['short', 'also short']))).toEqual([]);
    expect(pickSamples([])).toEqual([]);
  });

  it('prefers recent posts: nothing older than the few dozen newest', () => {
    const posts = newestFirst(
      Array.from({ length: 200 }, (_, index) => long(`Post ${index} opens`, 200 + (index % 7) * 300)),
    );
    expect(Math.max(...pickSamples(posts))).toBeLessThan(40);
  });

  it('prefers posts that open differently and differ in length over near copies', () => {
    const alike = Array.from({ length: 12 }, () => long('Last week I learned', 600));
    // Each a little different, so none is a duplicate; all open and run alike.
    const copies = alike.map((text, index) => `${text} ${index}`);
    const different = [
      long('Why do we still', 150),
      long('40% of our tickets', 2500),
      long('"Done is better than perfect"', 1200),
    ];
    const posts = newestFirst([...copies.slice(0, 6), ...different, ...copies.slice(6)]);
    const picked = pickSamples(posts, 5);
    for (const index of [6, 7, 8]) expect(picked).toContain(index);
  });

  it('proposes a text posted twice once', () => {
    const text = long('The same words', 300);
    expect(pickSamples(newestFirst([text, text, long('Other words', 800)]))).toEqual([0, 2]);
  });

  it('is deterministic: the same archive proposes the same samples', () => {
    const posts = newestFirst(
      Array.from({ length: 80 }, (_, index) => long(`Opening ${index % 9}`, 100 + index * 37)),
    );
    expect(pickSamples(posts)).toEqual(pickSamples(posts));
  });
});
