import { describe, expect, it } from 'vitest';
import { PostgrestError } from './postgrest-error.ts';
import { contentRange, readRangeStatus, requestedRange } from './range.ts';

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
