import { describe, expect, it } from 'vitest';
import { readCount } from './read-count';

describe('readCount', () => {
  it.each([
    [1234, 1234],
    ['1234', 1234],
    ['1,234', 1234],
    ['1.234', 1234],
    ['1 234', 1234],
    ['1\u202f234\u202f567', 1234567],
    ["12'345", 12345],
    ['1,234,567', 1234567],
    ['1234.0', 1234],
    [' 42 ', 42],
  ])('reads %j as %j', (value, expected) => expect(readCount(value)).toBe(expected));

  it.each([[null], [''], ['-'], ['–']])('reads %j as no figure', (value) =>
    expect(readCount(value)).toBeNull(),
  );

  it.each([['lots'], [-3], ['1,23'], ['1,234.567'], ['1.5K'], [Number.NaN], [true]])('refuses %j', (value) =>
    expect(readCount(value)).toBeUndefined(),
  );
});
