import { describe, expect, it } from 'vitest';
import { negotiateMedia } from './media-type.ts';
import { PostgrestError } from './postgrest-error.ts';

describe('negotiateMedia', () => {
  it('serves JSON arrays for */*, application/json and no Accept', () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/vnd.pgrst.array+json']) {
      expect(negotiateMedia(accept)).toMatchObject({ shape: 'array', stripNulls: false });
    }
  });

  it('serves single objects and stripped nulls as asked', () => {
    expect(negotiateMedia('application/vnd.pgrst.object+json')).toMatchObject({
      shape: 'object',
      stripNulls: false,
    });
    expect(negotiateMedia('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({
      shape: 'object',
      stripNulls: true,
      contentType: 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8',
    });
    expect(negotiateMedia('application/vnd.pgrst.array+json; nulls=stripped').contentType).toBe(
      'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
    );
  });

  it('picks the acceptable type of highest quality', () => {
    expect(negotiateMedia('text/csv, application/vnd.pgrst.object+json;q=0.5').shape).toBe('object');
    expect(negotiateMedia('application/json;q=0.2, application/vnd.pgrst.object+json').shape).toBe('object');
  });

  it('refuses with PGRST107 when nothing acceptable is offered', () => {
    let thrown: unknown;
    try {
      negotiateMedia('text/csv, application/geo+json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PostgrestError);
    expect(thrown).toMatchObject({
      status: 406,
      code: 'PGRST107',
      message: 'None of these media types are available: text/csv, application/geo+json',
    });
  });

  const jsonMedia = { shape: 'array', stripNulls: false, contentType: 'application/json; charset=utf-8' };

  it('serves JSON for an Accept header of only spaces', () => {
    expect(negotiateMedia('  ')).toEqual(jsonMedia);
  });

  it('accepts the vnd.pgrst media types without the +json suffix', () => {
    expect(negotiateMedia('application/vnd.pgrst.object')).toEqual({
      shape: 'object',
      stripNulls: false,
      contentType: 'application/vnd.pgrst.object+json; charset=utf-8',
    });
    expect(negotiateMedia('application/vnd.pgrst.array')).toEqual(jsonMedia);
    expect(negotiateMedia('application/vnd.pgrst.array;nulls=stripped')).toEqual({
      shape: 'array',
      stripNulls: true,
      contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
    });
  });

  it('answers a single object with its content type', () => {
    expect(negotiateMedia('application/vnd.pgrst.object+json')).toEqual({
      shape: 'object',
      stripNulls: false,
      contentType: 'application/vnd.pgrst.object+json; charset=utf-8',
    });
  });

  it('treats q=0 as not acceptable (RFC 9110) and leaves it out of the PGRST107 message', () => {
    let thrown: unknown;
    try {
      negotiateMedia('text/csv, application/json;q=0');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      status: 406,
      code: 'PGRST107',
      message: 'None of these media types are available: text/csv',
    });
  });

  it('tolerates spaces around = in media type parameters', () => {
    expect(
      negotiateMedia('application/json; q = 0.2, application/vnd.pgrst.object+json; q = 0.5').shape,
    ).toBe('object');
    expect(negotiateMedia('application/vnd.pgrst.object+json; nulls = stripped').stripNulls).toBe(true);
  });
});
