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

  it('prefers a name sharing trigrams before falling back to bigrams', () => {
    // "abxyzw" shares the trigram "-ab" (similarity 1 - 4/6); "axcx" shares none but is closer (1 - 2/4).
    expect(closestMatch(['abxyzw', 'axcx'], 'abcd')).toBe('abxyzw');
  });

  it('falls back to bigrams when no name shares a trigram', () => {
    expect(closestMatch(['xabx'], 'abc')).toBe('xabx');
  });

  it('counts the trigram at the end of a name', () => {
    // "zzcd" shares only the final trigram "cd-" and is closer (1 - 2/4) than "abczzzz" (1 - 4/7).
    expect(closestMatch(['abczzzz', 'zzcd'], 'abcd')).toBe('zzcd');
  });

  it('ignores characters other than letters, digits, spaces and commas when comparing grams', () => {
    // "a_b_c_d" has the grams of "abcd" and beats "abzz" on edit distance (1 - 3/7 against 1 - 2/4).
    expect(closestMatch(['a_b_c_d', 'abzz'], 'abcd')).toBe('a_b_c_d');
  });

  it('re-ranks candidates by edit distance rather than by shared grams', () => {
    // "abcdxyz" shares more trigrams with "abcd", but "abxd" is one edit away.
    expect(closestMatch(['abcdxyz', 'abxd'], 'abcd')).toBe('abxd');
  });

  it('accepts a similarity of 1/3 (just above the 0.33 threshold)', () => {
    expect(closestMatch(['abzzzz'], 'abcd')).toBe('abzzzz');
    expect(closestMatch(['abzzzzz'], 'abcd')).toBeNull();
  });

  // Like fuzzyset's getOne, only the 50 candidates of best gram similarity are re-ranked.
  const sameGrams = Array.from({ length: 50 }, (_, index) => `a${'_'.repeat(index + 1)}bcd`);

  it('re-ranks only the 50 candidates with the best gram similarity', () => {
    expect(closestMatch([...sameGrams, 'abcd'], 'abcd!')).toBe('a_bcd');
  });

  it('finds an exact match even beyond the 50 best candidates', () => {
    expect(closestMatch([...sameGrams, 'ABCD'], 'abcd')).toBe('ABCD');
  });

  it('ranks by cosine similarity, not by the number of shared grams', () => {
    // Each filler repeats the trigrams of "abcd" but is long (low cosine, similarity below 0.33);
    // "ab_cd" has exactly the grams of "abcd" and must make the top 50 even when listed last.
    const fillers = Array.from({ length: 50 }, (_, index) => `${'abcd'.repeat(3)}${index}`);
    expect(closestMatch([...fillers, 'ab_cd'], 'abcd')).toBe('ab_cd');
  });
});
