import { describe, expect, it } from 'vitest';
import { PostgrestError } from './postgrest-error.ts';
import { contentRange, outOfBoundsError, readRangeStatus, requestedRange } from './range.ts';

function refusal(run: () => unknown): PostgrestError {
  try {
    run();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
  }
  throw new Error('expected a PostgrestError');
}

describe('requestedRange', () => {
  it('takes limit and offset', () => {
    expect(requestedRange('GET', undefined, 10, 20)).toEqual({ offset: 20, limit: 10 });
    expect(requestedRange('GET', undefined, null, null)).toEqual({ offset: 0, limit: null });
  });

  it('intersects the Range header with limit/offset on GET only', () => {
    expect(requestedRange('GET', '5-14', 5, 5)).toEqual({ offset: 5, limit: 5 });
    expect(requestedRange('GET', '5-14', null, 8)).toEqual({ offset: 8, limit: 7 });
    expect(requestedRange('GET', '5-', null, null)).toEqual({ offset: 5, limit: null });
    expect(requestedRange('HEAD', '5-14', null, null)).toEqual({ offset: 0, limit: null });
    expect(requestedRange('GET', 'items=0-9', null, null)).toEqual({ offset: 0, limit: null });
  });

  it('lets a bare limit=0 through and refuses negative or empty ranges with PGRST103', () => {
    expect(requestedRange('GET', undefined, 0, null)).toEqual({ offset: 0, limit: 0 });
    expect(refusal(() => requestedRange('GET', undefined, -1, null))).toMatchObject({
      status: 416,
      code: 'PGRST103',
    });
    expect(refusal(() => requestedRange('GET', undefined, 0, 5))).toMatchObject({
      status: 416,
      code: 'PGRST103',
    });
    expect(refusal(() => requestedRange('GET', '9-3', null, null)).details).toContain('lower boundary');
  });
});

describe('contentRange and readRangeStatus', () => {
  it('writes the range, or * when empty or the total is 0', () => {
    expect(contentRange(0, 9, 100)).toBe('0-9/100');
    expect(contentRange(0, 9, null)).toBe('0-9/*');
    expect(contentRange(1, 0, 3)).toBe('*/3');
    expect(contentRange(0, -1, 0)).toBe('*/0');
  });

  it('answers 200 for a whole result, 206 for part of it and 416 past its end', () => {
    expect(readRangeStatus(0, 5, 5)).toEqual({ status: 200, contentRange: '0-4/5' });
    expect(readRangeStatus(0, 2, 5)).toEqual({ status: 206, contentRange: '0-1/5' });
    expect(readRangeStatus(5, 0, 5)).toEqual({ status: 206, contentRange: '*/5' });
    expect(readRangeStatus(6, 0, 5)).toEqual({ status: 416, contentRange: '*/5' });
    expect(readRangeStatus(6, 0, null)).toEqual({ status: 200, contentRange: '*/*' });
  });
});

describe('range boundaries', () => {
  it('accepts a one-row Range header and a limit of 1', () => {
    expect(requestedRange('GET', '5-5', null, null)).toEqual({ offset: 5, limit: 1 });
    expect(requestedRange('GET', undefined, 1, 0)).toEqual({ offset: 0, limit: 1 });
    expect(requestedRange('GET', undefined, 1, null)).toEqual({ offset: 0, limit: 1 });
  });

  it('reads multi-digit boundaries and ignores a Range header with trailing text', () => {
    expect(requestedRange('GET', '10-19', null, null)).toEqual({ offset: 10, limit: 10 });
    expect(requestedRange('GET', '0-9x', null, null)).toEqual({ offset: 0, limit: null });
  });

  it('refuses an inverted Range header and a negative limit with their PGRST103 bodies', () => {
    const inverted = refusal(() => requestedRange('GET', '9-3', null, null));
    expect(inverted.status).toBe(416);
    expect(inverted.toJSON()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      hint: null,
    });
    const negative = refusal(() => requestedRange('GET', undefined, -1, null));
    expect(negative.toJSON()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
    });
  });

  it('writes a one-row range, and * for any range when the total is 0', () => {
    expect(contentRange(3, 3, 10)).toBe('3-3/10');
    expect(contentRange(0, 0, 0)).toBe('*/0');
  });

  it('describes an offset past the counted rows', () => {
    const error = outOfBoundsError(10, 3);
    expect(error.status).toBe(416);
    expect(error.toJSON()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 3 rows.',
      hint: null,
    });
    expect(outOfBoundsError(4, null).details).toBe(
      'An offset of 4 was requested, but there are only 0 rows.',
    );
  });
});
