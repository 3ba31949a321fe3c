import { describe, expect, it } from 'vitest';
import { statusForSqlState, toPostgrestError } from './pg-error-status.ts';

// PostgREST 13's table (Error.hs pgErrorStatus).

describe('statusForSqlState', () => {
  it.each([
    ['08006', 503],
    ['09000', 500],
    ['0L000', 403],
    ['0P000', 403],
    ['23503', 409],
    ['23505', 409],
    ['23502', 400],
    ['25006', 405],
    ['25001', 500],
    ['28000', 403],
    ['2D000', 500],
    ['40001', 500],
    ['53400', 500],
    ['53100', 503],
    ['54000', 500],
    ['54001', 500],
    ['57P01', 503],
    ['57014', 500],
    ['P0001', 400],
    ['P0002', 500],
    ['XX000', 500],
    ['42P01', 404],
    ['42P17', 500],
    ['42703', 400],
    ['22P02', 400],
    ['0A000', 400],
    ['PT402', 402],
    ['PTxyz', 500],
  ])('%s is %i', (code, status) => {
    expect(statusForSqlState(code, 'message', false)).toBe(status);
  });

  it('answers insufficient privilege with 401 for anon and 403 for a signed-in role', () => {
    expect(statusForSqlState('42501', 'permission denied', true)).toBe(401);
    expect(statusForSqlState('42501', 'permission denied', false)).toBe(403);
  });

  it('reads the message where PostgREST does', () => {
    expect(statusForSqlState('21000', 'UPDATE requires a WHERE clause', false)).toBe(400);
    expect(statusForSqlState('21000', 'more than one row returned by a subquery', false)).toBe(500);
    expect(statusForSqlState('22023', 'role "x" does not exist', false)).toBe(401);
    expect(statusForSqlState('42883', 'function xmlagg(integer) does not exist', false)).toBe(406);
    expect(statusForSqlState('42883', 'function nope() does not exist', false)).toBe(404);
  });
});

describe('toPostgrestError with RAISE SQLSTATE PGRST', () => {
  it('takes the error and the status from the JSON in MESSAGE and DETAIL', () => {
    const error = toPostgrestError(
      {
        code: 'PGRST',
        message: '{"code":"X1","message":"custom","hint":"h"}',
        detail: '{"status":409,"headers":{"X-A":"b"}}',
      },
      false,
    );
    expect(error.toJSON()).toEqual({ code: 'X1', message: 'custom', details: null, hint: 'h' });
    expect(error.status).toBe(409);
    expect(error.headers).toEqual({ 'X-A': 'b' });
  });

  it('answers 500 PGRST121 when the JSON cannot be read', () => {
    expect(toPostgrestError({ code: 'PGRST', message: 'not json' }, false)).toMatchObject({
      status: 500,
      code: 'PGRST121',
    });
    expect(toPostgrestError({ code: 'PGRST', message: '{"code":"a","message":"b"}' }, false)).toMatchObject({
      code: 'PGRST121',
      details: 'DETAIL is missing in the RAISE statement',
    });
  });
});
