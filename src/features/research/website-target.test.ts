import { describe, expect, it } from 'vitest';
import { normalizeWebsiteTarget, toSearchDomainFilter, withoutScheme } from './website-target';

describe('normalizeWebsiteTarget (docs/product.md §14)', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  www.example.com/blog/  ', 'https://www.example.com/blog'],
    ['https://example.com///', 'https://example.com'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.com/Path', 'HTTPS://Example.com/Path'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeWebsiteTarget(input)).toBe(expected);
  });

  it.each(['', '   ', '\n\t', '///'])('ignores %j', (input) => {
    expect(normalizeWebsiteTarget(input)).toBeNull();
  });
});

describe('withoutScheme', () => {
  it.each([
    ['https://www.example.com/blog', 'www.example.com/blog'],
    ['http://example.com', 'example.com'],
    ['HTTPS://example.com', 'example.com'],
    ['example.com', 'example.com'],
  ])('%s → %s', (input, expected) => {
    expect(withoutScheme(input)).toBe(expected);
  });
});

describe('toSearchDomainFilter', () => {
  it('strips schemes, queries, fragments and duplicates, and leaves out what is not a host', () => {
    expect(
      toSearchDomainFilter([
        'https://www.example.com/blog/',
        'hbr.org',
        'http://hbr.org',
        'news.ycombinator.com/item?id=1#top',
        'not a website',
        '   ',
      ]),
    ).toEqual(['www.example.com/blog', 'hbr.org', 'news.ycombinator.com/item']);
  });

  it('keeps at most 20', () => {
    const sites = Array.from({ length: 25 }, (_, index) => `site${index}.example.com`);
    expect(toSearchDomainFilter(sites)).toEqual(sites.slice(0, 20));
  });
});
