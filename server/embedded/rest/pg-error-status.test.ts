import { describe, expect, it } from 'vitest';
import { statusForSqlState, toPostgrestError } from './pg-error-status.ts';
import { PostgrestError } from './postgrest-error.ts';

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

describe('statusForSqlState at its edges', () => {
  it('answers 401 only for a role that does not exist', () => {
    expect(statusForSqlState('22023', 'role "x" is not permitted', false)).toBe(400);
    expect(statusForSqlState('22023', 'invalid value: does not exist', false)).toBe(400);
  });

  it('takes the status of RAISE SQLSTATE PTnnn from 100 to 599, else 500', () => {
    expect(statusForSqlState('PT100', 'm', false)).toBe(100);
    expect(statusForSqlState('PT402', 'm', false)).toBe(402);
    expect(statusForSqlState('PT599', 'm', false)).toBe(599);
    expect(statusForSqlState('PT099', 'm', false)).toBe(500);
    expect(statusForSqlState('PT600', 'm', false)).toBe(500);
    expect(statusForSqlState('PTx12', 'm', false)).toBe(500);
  });
});

describe('toPostgrestError', () => {
  it('keeps a PostgrestError as it is', () => {
    const error = new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable');
    expect(toPostgrestError(error, false)).toBe(error);
  });

  it("carries PostgreSQL's code, message, detail and hint with PostgREST's status", () => {
    const error = toPostgrestError(
      { code: '23505', message: 'duplicate key', detail: 'Key (id)=(1) exists.', hint: 'h' },
      false,
    );
    expect(error).toMatchObject({ status: 409, code: '23505', message: 'duplicate key' });
    expect(error.toJSON()).toEqual({
      code: '23505',
      message: 'duplicate key',
      details: 'Key (id)=(1) exists.',
      hint: 'h',
    });
    expect(toPostgrestError({ code: '42501', message: 'permission denied' }, true).toJSON()).toEqual({
      code: '42501',
      message: 'permission denied',
      details: null,
      hint: null,
    });
    expect(toPostgrestError({ code: '42501' }, true)).toMatchObject({
      status: 401,
      message: 'Database error',
    });
  });

  it('says what to do when the disk is full, in place of PostgreSQL’s hint', () => {
    const error = toPostgrestError(
      { code: '53100', message: 'could not extend file', hint: 'Check free disk space.' },
      false,
    );
    expect(error.status).toBe(503);
    expect(error.hint).toBe(
      "The server's disk is full, so nothing was saved. Free some disk space where DATA_DIR lives and try again.",
    );
  });

  it('answers 503 PGRST001 while the database cannot take connections (restarting after a crash)', () => {
    // supabase-js retries a read on 503: a page open during recovery gets its data a moment later.
    const error = toPostgrestError(
      { code: '57P03', message: 'the database system is in recovery mode' },
      false,
    );
    expect(error.status).toBe(503);
    expect(error.toJSON()).toEqual({
      code: 'PGRST001',
      message: 'Database client error. Retrying the connection.',
      details: 'the database system is in recovery mode',
      hint: null,
    });
  });

  it('answers 500 PGRST000 for anything that is not a PostgreSQL error', () => {
    for (const thrown of [
      new Error('boom'),
      null,
      undefined,
      { code: 42 },
      { code: 'abcde' },
      { code: 'X23505' },
    ]) {
      expect(toPostgrestError(thrown, false).toJSON()).toEqual({
        code: 'PGRST000',
        message: 'Internal server error',
        details: null,
        hint: null,
      });
      expect(toPostgrestError(thrown, false).status).toBe(500);
    }
  });
});

describe('RAISE SQLSTATE PGRST that cannot be read', () => {
  const messageHint =
    "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  const raised = (message: string, detail?: string) =>
    toPostgrestError({ code: 'PGRST', message, ...(detail === undefined ? {} : { detail }) }, false);

  it('names the MESSAGE that is not an object with a code and a message', () => {
    for (const message of ['[1]', 'null', '"text"', '{"code":1,"message":"m"}', '{"code":"c"}']) {
      expect(raised(message, '{"status":400,"headers":{}}').toJSON()).toEqual({
        code: 'PGRST121',
        message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
        details: `Invalid JSON value for MESSAGE: '${message}'`,
        hint: messageHint,
      });
    }
  });

  it('names a missing or unreadable DETAIL', () => {
    const message = '{"code":"c","message":"m"}';
    expect(raised(message).toJSON()).toMatchObject({
      details: 'DETAIL is missing in the RAISE statement',
      hint: detailHint,
    });
    for (const detail of [
      'nope',
      '{"status":"400","headers":{}}',
      '{"status":400}',
      '{"status":400,"headers":null}',
    ]) {
      const error = raised(message, detail);
      expect(error.status).toBe(500);
      expect(error.toJSON()).toEqual({
        code: 'PGRST121',
        message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
        details: `Invalid JSON value for DETAIL: '${detail}'`,
        hint: detailHint,
      });
    }
  });

  it('keeps only the text headers and text details of a readable one', () => {
    const error = raised(
      '{"code":"X1","message":"custom","details":"d","hint":3}',
      '{"status":402,"headers":{"X-A":"b","X-N":1}}',
    );
    expect(error.toJSON()).toEqual({ code: 'X1', message: 'custom', details: 'd', hint: null });
    expect(error.headers).toEqual({ 'X-A': 'b' });
  });
});
