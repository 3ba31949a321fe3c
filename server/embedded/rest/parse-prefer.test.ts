import { describe, expect, it } from 'vitest';
import { appliedPreferences, parsePrefer, type Preferences } from './parse-prefer.ts';

const none: Preferences = { return: null, count: null, resolution: null, missing: null };

describe('parsePrefer', () => {
  it.each([undefined, '', ' ', ','])('has no preferences for %j', (header) => {
    expect(parsePrefer(header)).toEqual(none);
  });

  it.each(['representation', 'minimal', 'headers-only'] as const)('return=%s', (value) => {
    expect(parsePrefer(`return=${value}`)).toEqual({ ...none, return: value });
  });

  it.each(['exact', 'planned', 'estimated'] as const)('count=%s', (value) => {
    expect(parsePrefer(`count=${value}`)).toEqual({ ...none, count: value });
  });

  it.each(['merge-duplicates', 'ignore-duplicates'] as const)('resolution=%s', (value) => {
    expect(parsePrefer(`resolution=${value}`)).toEqual({ ...none, resolution: value });
  });

  it.each(['default', 'null'] as const)('missing=%s', (value) => {
    expect(parsePrefer(`missing=${value}`)).toEqual({ ...none, missing: value });
  });

  it('reads comma-joined preferences as supabase-js sends them', () => {
    expect(parsePrefer('resolution=merge-duplicates, return=representation')).toEqual({
      ...none,
      resolution: 'merge-duplicates',
      return: 'representation',
    });
  });

  it('reads all four at once, with or without spaces', () => {
    const expected: Preferences = {
      return: 'minimal',
      count: 'exact',
      resolution: 'ignore-duplicates',
      missing: 'default',
    };
    expect(parsePrefer('return=minimal,count=exact,resolution=ignore-duplicates,missing=default')).toEqual(
      expected,
    );
    expect(
      parsePrefer(' missing = default ,  resolution=ignore-duplicates,count=exact , return=minimal '),
    ).toEqual(expected);
  });

  it('reads supabase-js upsert + select + count', () => {
    expect(
      parsePrefer('resolution=merge-duplicates,missing=default,return=representation,count=planned'),
    ).toEqual({
      return: 'representation',
      count: 'planned',
      resolution: 'merge-duplicates',
      missing: 'default',
    });
  });

  it.each([
    'return=everything',
    'count=fuzzy',
    'resolution=overwrite',
    'missing=zero',
    'tx=rollback',
    'handling=strict',
    'timezone=UTC',
    'max-affected=5',
    'params=single-object',
    'return',
    'count=',
    '=exact',
  ])('ignores %j', (header) => {
    expect(parsePrefer(header)).toEqual(none);
  });

  it('keeps known preferences next to unknown ones', () => {
    expect(parsePrefer('tx=rollback, count=exact, handling=lenient, return=bogus')).toEqual({
      ...none,
      count: 'exact',
    });
  });

  it('lets a later valid value win, and an invalid one not erase an earlier valid one', () => {
    expect(parsePrefer('return=minimal, return=representation')).toEqual({
      ...none,
      return: 'representation',
    });
    expect(parsePrefer('count=exact, count=bogus')).toEqual({ ...none, count: 'exact' });
  });
});

describe('appliedPreferences', () => {
  it('is null when nothing was honoured', () => {
    expect(appliedPreferences(none)).toBeNull();
  });

  it('lists what was honoured, comma-joined', () => {
    expect(
      appliedPreferences(
        parsePrefer('count=exact, resolution=merge-duplicates, return=representation, missing=default'),
      ),
    ).toBe('return=representation, count=exact, resolution=merge-duplicates, missing=default');
    expect(appliedPreferences({ ...none, count: 'planned' })).toBe('count=planned');
  });
});
