import { describe, expect, it } from 'vitest';
import { closestMatch } from './fuzzy-match.ts';

// Cases from PostgREST's doctests of noRpcHint, noRelBetweenHint and tableNotFoundHint (Error.hs).

describe('closestMatch', () => {
  it('suggests the closest name', () => {
    expect(closestMatch(['test', 'another'], 'testt')).toBe('test');
    expect(closestMatch(['test', 'another'], 'other')).toBe('another');
    expect(closestMatch(['films', 'directors', 'roles', 'actors'], 'film')).toBe('films');
    expect(closestMatch(['directors', 'roles', 'actors'], 'role')).toBe('roles');
    expect(closestMatch(['posts', 'profiles', 'topic_ideas'], 'post')).toBe('posts');
  });

  it('finds an exact match whatever its case', () => {
    expect(closestMatch(['posts', 'Posts2'], 'POSTS')).toBe('posts');
  });

  it('suggests nothing when no name is close', () => {
    expect(closestMatch(['test', 'another'], 'noclosealternative')).toBeNull();
    expect(closestMatch([], 'anything')).toBeNull();
  });

  it('compares parameter lists as text', () => {
    const lists = ['(name, param, val)', '(attr, id)'];
    expect(closestMatch(lists, '(nam, pqaram, vall)')).toBe('(name, param, val)');
    expect(closestMatch(lists, '(param, val)')).toBe('(name, param, val)');
    expect(closestMatch(lists, '(attrs, id)')).toBe('(attr, id)');
    expect(closestMatch(lists, '(id)')).toBe('(attr, id)');
    expect(closestMatch(lists, '(noclosealternative)')).toBeNull();
  });
});
