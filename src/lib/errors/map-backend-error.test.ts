import { messages } from '@/config/messages';
import { connectionMessage, mapBackendError } from './map-backend-error';

describe('mapBackendError (docs/product.md §15 backend error mapping, in table order)', () => {
  it('row 1: a message containing "message channel closed" → "Connection interrupted. Reconnecting..."', () => {
    expect(
      mapBackendError(
        new Error(
          'A listener indicated an asynchronous response, but the message channel closed before a response was received',
        ),
      ),
    ).toBe('Connection interrupted. Reconnecting...');
  });

  it('row 1 takes precedence over every code and status', () => {
    expect(mapBackendError({ message: 'message channel closed', code: 'PGRST301', status: 401 })).toBe(
      'Connection interrupted. Reconnecting...',
    );
  });

  it('row 2: code PGRST301 → "Database row level security policy violation"', () => {
    expect(mapBackendError({ code: 'PGRST301', message: 'raw db text' })).toBe(
      'Database row level security policy violation',
    );
  });

  it('row 2 precedes status 401', () => {
    expect(mapBackendError({ code: 'PGRST301', message: 'x', status: 401 })).toBe(
      'Database row level security policy violation',
    );
  });

  it('row 3: code 23505 → "This record already exists"', () => {
    expect(
      mapBackendError({
        code: '23505',
        message: 'duplicate key value violates unique constraint "topic_ideas_user_id_topic_key"',
      }),
    ).toBe('This record already exists');
  });

  it('row 4: code 23503 → "Referenced record does not exist"', () => {
    expect(
      mapBackendError({
        code: '23503',
        message: 'insert or update on table violates foreign key constraint',
      }),
    ).toBe('Referenced record does not exist');
  });

  it('rows 3/4 precede status 403', () => {
    expect(mapBackendError({ code: '23505', message: 'x', status: 403 })).toBe('This record already exists');
    expect(mapBackendError({ code: '23503', message: 'x', status: 403 })).toBe(
      'Referenced record does not exist',
    );
  });

  it('row 5: status 401 → "Authentication required"', () => {
    expect(mapBackendError({ status: 401, message: 'Unauthorized' })).toBe('Authentication required');
  });

  it('row 5 precedes the "JWT expired" message (status 401 + "JWT expired" → "Authentication required")', () => {
    expect(mapBackendError({ status: 401, message: 'JWT expired' })).toBe('Authentication required');
  });

  it('row 6: status 403 → "You do not have permission to perform this action"', () => {
    expect(mapBackendError({ status: 403, message: 'Forbidden' })).toBe(
      'You do not have permission to perform this action',
    );
  });

  it('row 6 extra: Postgres code 42501 (insufficient privilege) → the permission message', () => {
    expect(
      mapBackendError({
        code: '42501',
        message: 'new row violates row-level security policy for table "posts"',
      }),
    ).toBe('You do not have permission to perform this action');
  });

  it('row 6 precedes PGRST116 and "JWT expired"', () => {
    expect(mapBackendError({ status: 403, code: 'PGRST116', message: 'JWT expired' })).toBe(
      'You do not have permission to perform this action',
    );
  });

  it('row 7: code PGRST116 → "Resource not found"', () => {
    expect(
      mapBackendError({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }),
    ).toBe('Resource not found');
  });

  it('row 7 precedes "JWT expired"', () => {
    expect(mapBackendError({ code: 'PGRST116', message: 'JWT expired' })).toBe('Resource not found');
  });

  it('row 8: a PostgrestError-like {code: "PGRST303", message: "JWT expired"} without status → "Session expired. Please sign in again."', () => {
    expect(mapBackendError({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null })).toBe(
      'Session expired. Please sign in again.',
    );
  });

  it('row 8: an Error whose message contains "JWT expired" → the session message', () => {
    expect(mapBackendError(new Error('invalid JWT: JWT expired at 12:00'))).toBe(
      'Session expired. Please sign in again.',
    );
  });

  it('row 8 also applies to a plain string', () => {
    expect(mapBackendError('JWT expired')).toBe('Session expired. Please sign in again.');
  });

  it('extra: check violations (23514, 22001) → the value-not-allowed message, hiding the raw database text', () => {
    const expected = 'One of the values is too long or not allowed. Please check what you entered.';
    expect(
      mapBackendError({
        code: '23514',
        message: 'new row for relation "profiles" violates check constraint "profiles_full_name_check"',
      }),
    ).toBe(expected);
    expect(
      mapBackendError({ code: '22001', message: 'value too long for type character varying(120)' }),
    ).toBe(expected);
  });

  it('extra: an image and a carousel on one post (23514 posts_image_or_carousel) → says to remove the one first', () => {
    expect(
      mapBackendError({
        code: '23514',
        message: 'new row for relation "posts" violates check constraint "posts_image_or_carousel"',
      }),
    ).toBe('A post can have an image or a carousel, not both. Remove the one before you add the other.');
  });

  it('extra: not-null violation (23502) → "A required value is missing."', () => {
    expect(
      mapBackendError({
        code: '23502',
        message: 'null value in column "topic" violates not-null constraint',
      }),
    ).toBe('A required value is missing.');
  });

  it.each([
    'TypeError: Failed to fetch',
    'fetch failed',
    'NetworkError when attempting to fetch resource.',
    'Load failed',
  ])('extra: a network failure (%s) → the connection message', (message) => {
    expect(mapBackendError(new TypeError(message))).toBe(connectionMessage);
  });

  it('the connection message is the docs/product.md §15 auth text', () => {
    expect(connectionMessage).toBe(
      'Unable to connect to the database. Please check your internet connection and try again.',
    );
  });

  it('row 9: anything else keeps the original message of an Error', () => {
    expect(mapBackendError(new Error('Topic not found'))).toBe('Topic not found');
  });

  it('row 9: anything else keeps the message of an error-like object with an unknown code', () => {
    expect(mapBackendError({ code: 'XX000', message: 'Something odd happened' })).toBe(
      'Something odd happened',
    );
  });

  it('row 9: a plain string is its own message', () => {
    expect(mapBackendError('Post not found')).toBe('Post not found');
  });

  it.each([
    ['an object with no message', { code: 'XX000' }],
    ['an object whose message is not a string', { message: 42 }],
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
    ['a number', 500],
  ])('row 9: %s → "An unexpected error occurred"', (_label, value) => {
    expect(mapBackendError(value)).toBe('An unexpected error occurred');
  });

  it('never shows the raw text of a value PostgreSQL cannot store, nor of a statement the server ended', () => {
    expect(mapBackendError({ code: '22P05', message: 'unsupported Unicode escape sequence' })).toBe(
      messages.value_rejected,
    );
    expect(mapBackendError({ code: '22021', message: 'invalid byte sequence for encoding "UTF8"' })).toBe(
      messages.value_rejected,
    );
    for (const code of ['57014', '57P01', '08006'])
      expect(mapBackendError({ code, message: 'terminating connection due to administrator command' })).toBe(
        messages.server_interrupted,
      );
  });
});
