import { describe, expect, it } from 'vitest';
import { formatCompactNumber } from './compact-number';

describe('formatCompactNumber (video counts, docs/product.md §16)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1049, '1K'],
    [1050, '1.1K'],
    [45_678, '45.7K'],
    [1_000_000, '1M'],
    [1_250_000, '1.3M'],
    [1_234_567_890, '1.2B'],
  ])('%d → %s', (n, expected) => {
    expect(formatCompactNumber(n)).toBe(expected);
  });

  it('shows a missing count as 0 rather than NaN', () => {
    expect(formatCompactNumber(Number.NaN)).toBe('0');
  });
});
