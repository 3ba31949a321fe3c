import { describe, expect, it } from 'vitest';
import { formatCount, plural } from './counting';

describe('counting in words', () => {
  it('writes counts with thousands separators, and the noun that fits', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(plural(1, 'post', 'posts')).toBe('1 post');
    expect(plural(0, 'post', 'posts')).toBe('0 posts');
    expect(plural(1200, 'row', 'rows')).toBe('1,200 rows');
  });
});
