import { describe, expect, it } from 'vitest';
import { jsonNestingExceeds } from './json-nesting.ts';

describe('jsonNestingExceeds', () => {
  it('counts arrays and objects together, up to the limit inclusive', () => {
    expect(jsonNestingExceeds('[{"a":[1]}]', 3)).toBe(false);
    expect(jsonNestingExceeds('[{"a":[[1]]}]', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingExceeds('{"text":"[[[[\\"{{{{"}', 1)).toBe(false);
  });

  it('measures depth, not the number of brackets', () => {
    expect(jsonNestingExceeds(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });

  it('handles 100,000 levels without recursion', () => {
    expect(jsonNestingExceeds('['.repeat(100_000) + ']'.repeat(100_000), 512)).toBe(true);
  });
});
