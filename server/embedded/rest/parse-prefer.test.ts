import { describe, expect, it } from 'vitest';
import { appliedPreferences, parsePrefer, type Preferences } from './parse-prefer.ts';

// The cases follow PostgREST's own doctests in ApiRequest/Preferences.hs.

const none: Preferences = {
  resolution: null,
  return: null,
  count: null,
  tx: null,
  missing: null,
  handling: null,
  timezone: null,
  maxAffected: null,
  invalid: [],
};

const zones = new Set(['UTC', 'America/Los_Angeles']);
const isZone = (name: string) => zones.has(name);

describe('parsePrefer', () => {
  it.each([undefined, ''])('has no preferences for %j', (header) => {
    expect(parsePrefer(header)).toEqual(none);
  });

  it.each([
    ['return=representation', { return: 'representation' }],
    ['return=minimal', { return: 'minimal' }],
    ['return=headers-only', { return: 'headers-only' }],
    ['count=exact', { count: 'exact' }],
    ['count=planned', { count: 'planned' }],
    ['count=estimated', { count: 'estimated' }],
    ['resolution=merge-duplicates', { resolution: 'merge-duplicates' }],
    ['resolution=ignore-duplicates', { resolution: 'ignore-duplicates' }],
    ['missing=default', { missing: 'default' }],
    ['missing=null', { missing: 'null' }],
    ['tx=commit', { tx: 'commit' }],
    ['tx=rollback', { tx: 'rollback' }],
    ['handling=strict', { handling: 'strict' }],
    ['handling=lenient', { handling: 'lenient' }],
    ['max-affected=5', { maxAffected: 5 }],
  ] as const)('reads %s', (header, expected) => {
    expect(parsePrefer(header)).toEqual({ ...none, ...expected });
  });

  it('reads one header with comma-separated values and arbitrary spaces', () => {
    expect(
      parsePrefer(
        'count=exact,    tx=commit   ,return=representation , missing=default, handling=strict, anything',
      ),
    ).toEqual({
      ...none,
      return: 'representation',
      count: 'exact',
      tx: 'commit',
      missing: 'default',
      handling: 'strict',
      invalid: ['anything'],
    });
  });

  it('reads what supabase-js sends for upsert + select + count', () => {
    expect(parsePrefer('resolution=merge-duplicates, return=representation, count=exact')).toEqual({
      ...none,
      resolution: 'merge-duplicates',
      return: 'representation',
      count: 'exact',
    });
  });

  it('keeps the first of each kind, as PostgREST does', () => {
    expect(parsePrefer('tx=commit, tx=rollback').tx).toBe('commit');
    expect(parsePrefer('resolution=ignore-duplicates, resolution=merge-duplicates').resolution).toBe(
      'ignore-duplicates',
    );
    expect(parsePrefer('max-affected=3, max-affected=9').maxAffected).toBe(3);
  });

  it('accepts a time zone only when it is a known zone name', () => {
    expect(parsePrefer('timezone=America/Los_Angeles', isZone).timezone).toBe('America/Los_Angeles');
    expect(parsePrefer('timezone=Mars/Olympus', isZone)).toEqual({
      ...none,
      invalid: ['timezone=Mars/Olympus'],
    });
  });

  it('treats every time zone as invalid when no zone check is given', () => {
    expect(parsePrefer('timezone=UTC')).toEqual({ ...none, invalid: ['timezone=UTC'] });
  });

  it('keeps the first valid time zone', () => {
    expect(parsePrefer('timezone=UTC, timezone=America/Los_Angeles', isZone).timezone).toBe('UTC');
    expect(parsePrefer('timezone=Mars/Olympus, timezone=UTC, timezone=America/Los_Angeles', isZone)).toEqual({
      ...none,
      timezone: 'UTC',
      invalid: ['timezone=Mars/Olympus'],
    });
  });

  it('reads a time zone only from a timezone= preference', () => {
    expect(parsePrefer('timezone:UTC', isZone)).toEqual({ ...none, invalid: ['timezone:UTC'] });
  });

  it.each([
    ['max-affected=10', 10],
    ['max-affected=-3', -3],
    ['max-affected=123456789012345', 123456789012345],
    ['max-affected=x5', null],
    ['max-affected=5x', null],
    ['max-affected=1234567890123456789', null],
  ])('reads %s as %j (an integer of at most 18 digits)', (header, maxAffected) => {
    expect(parsePrefer(header)).toEqual({ ...none, maxAffected });
  });

  it('ignores a max-affected that is not a number without calling it invalid', () => {
    expect(parsePrefer('max-affected=many')).toEqual(none);
  });

  it.each([
    'return=everything',
    'count=fuzzy',
    'Return=Representation',
    'nulls=stripped',
    'params=single-object',
    'return',
    '=exact',
  ])('lists %j as invalid (exact, case-sensitive matches only)', (header) => {
    expect(parsePrefer(header)).toEqual({ ...none, invalid: [header] });
  });

  it('lists invalid preferences in order, next to the valid ones', () => {
    expect(parsePrefer('foo=bar, count=exact, nulls=stripped')).toEqual({
      ...none,
      count: 'exact',
      invalid: ['foo=bar', 'nulls=stripped'],
    });
  });
});

describe('appliedPreferences', () => {
  const all = parsePrefer(
    'resolution=merge-duplicates, missing=default, return=representation, count=exact, tx=rollback, handling=strict, timezone=UTC, max-affected=5',
    isZone,
  );

  it('is null when nothing was honoured', () => {
    expect(appliedPreferences(none, { action: 'read', txOverride: false })).toBeNull();
  });

  it('reports on a read only count, tx, handling and timezone', () => {
    expect(appliedPreferences(all, { action: 'read', txOverride: true })).toBe(
      'count=exact, tx=rollback, handling=strict, timezone=UTC',
    );
  });

  it('reports resolution on an insert only when the table has a conflict target', () => {
    expect(appliedPreferences(all, { action: 'insert', txOverride: false, resolutionApplies: true })).toBe(
      'resolution=merge-duplicates, missing=default, return=representation, count=exact, handling=strict, timezone=UTC',
    );
    expect(appliedPreferences(all, { action: 'insert', txOverride: false, resolutionApplies: false })).toBe(
      'missing=default, return=representation, count=exact, handling=strict, timezone=UTC',
    );
  });

  it('reports max-affected on updates, deletes and functions, and only with handling=strict', () => {
    expect(appliedPreferences(all, { action: 'delete', txOverride: false })).toBe(
      'return=representation, count=exact, handling=strict, timezone=UTC, max-affected=5',
    );
    expect(
      appliedPreferences(parsePrefer('handling=lenient, max-affected=5'), {
        action: 'update',
        txOverride: false,
      }),
    ).toBe('handling=lenient');
  });

  it('reports on an update missing, return, count, handling, timezone and max-affected, never resolution', () => {
    expect(appliedPreferences(all, { action: 'update', txOverride: false, resolutionApplies: true })).toBe(
      'missing=default, return=representation, count=exact, handling=strict, timezone=UTC, max-affected=5',
    );
  });

  it('reports on a function call count, handling, timezone and max-affected', () => {
    expect(appliedPreferences(all, { action: 'rpc', txOverride: false, resolutionApplies: true })).toBe(
      'count=exact, handling=strict, timezone=UTC, max-affected=5',
    );
  });

  it('reports no max-affected when none was given', () => {
    expect(appliedPreferences(parsePrefer('handling=strict'), { action: 'delete', txOverride: false })).toBe(
      'handling=strict',
    );
  });
});
