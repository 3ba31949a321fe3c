import { describe, expect, it } from 'vitest';
import { isBalanced, splitTopLevel, unquote } from './split-top-level.ts';

// PostgREST's grammar for in.(…) lists, logic trees and select lists (QueryParams.hs): commas split
// only outside parentheses, `{…}` array literals and double quotes, and `\` escapes inside quotes.

describe('splitTopLevel', () => {
  it('splits on commas outside parentheses, braces and quotes', () => {
    expect(splitTopLevel('a,b(c,d),{e,f},"g,h"')).toEqual(['a', 'b(c,d)', '{e,f}', '"g,h"']);
  });

  it('keeps empty parts, including a trailing one', () => {
    expect(splitTopLevel('')).toEqual(['']);
    expect(splitTopLevel(',a,')).toEqual(['', 'a', '']);
  });

  it('splits on another separator when asked', () => {
    expect(splitTopLevel('a.b(c.d).e', '.')).toEqual(['a', 'b(c.d)', 'e']);
  });

  it('does not end a quoted part at an escaped quote', () => {
    expect(splitTopLevel('"a\\",b",c')).toEqual(['"a\\",b"', 'c']);
  });

  it('keeps an escaped backslash before the closing quote', () => {
    expect(splitTopLevel('"a\\\\",b')).toEqual(['"a\\\\"', 'b']);
  });

  it('keeps a backslash that ends the text inside an unterminated quote as it is', () => {
    expect(splitTopLevel('"a\\')).toEqual(['"a\\']);
    expect(splitTopLevel('x,"a\\')).toEqual(['x', '"a\\']);
  });

  it('ignores a closing brace without an opening one', () => {
    expect(splitTopLevel('a},b')).toEqual(['a}', 'b']);
    expect(splitTopLevel('},{a,b},c')).toEqual(['}', '{a,b}', 'c']);
  });
});

describe('isBalanced', () => {
  it.each(['', 'a', '(a)', '(a,(b))', '"("', '")"', '"a\\"b"', '"a\\")"', '"\\\\"'])(
    '%j is balanced',
    (text) => {
      expect(isBalanced(text)).toBe(true);
    },
  );

  it.each(['(', ')', ')(', '(a))', '"', '"a\\"', '"\\"', 'a"b'])('%j is not balanced', (text) => {
    expect(isBalanced(text)).toBe(false);
  });
});

describe('unquote', () => {
  it('removes the surrounding double quotes and unescapes what they hold', () => {
    expect(unquote('"a,b"')).toBe('a,b');
    expect(unquote('"say \\"hi\\""')).toBe('say "hi"');
    expect(unquote('"back\\\\slash"')).toBe('back\\slash');
    expect(unquote('""')).toBe('');
  });

  it('leaves text that is not wholly quoted unchanged', () => {
    expect(unquote('abc')).toBe('abc');
    expect(unquote('a\\"b')).toBe('a\\"b');
    expect(unquote('"a')).toBe('"a');
    expect(unquote('a"')).toBe('a"');
    expect(unquote('"')).toBe('"');
    expect(unquote('')).toBe('');
  });
});
