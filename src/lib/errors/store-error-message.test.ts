import { storeErrorMessage, userFacingError } from './store-error-message';

describe('userFacingError', () => {
  it('carries the mapped message of a backend error, and the error itself as its cause', () => {
    const backend = { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' };
    const error = userFacingError(backend);
    expect(error.message).toBe('Resource not found');
    expect(error.cause).toBe(backend);
  });

  it('keeps the message of our own errors', () => {
    expect(userFacingError(new Error('No authenticated user')).message).toBe('No authenticated user');
  });

  it('is passed on unchanged by a store (no second mapping)', () => {
    const backend = { code: '23514', message: 'new row violates check constraint' };
    expect(storeErrorMessage(userFacingError(backend))).toBe(storeErrorMessage(backend));
  });
});

describe('storeErrorMessage', () => {
  it('keeps the message of our own errors and maps a backend error that is an Error with a code', () => {
    expect(storeErrorMessage(new Error('Please enter a topic'))).toBe('Please enter a topic');
    const postgrest = Object.assign(new Error('permission denied for table posts'), { code: '42501' });
    expect(storeErrorMessage(postgrest)).toBe('You do not have permission to perform this action');
  });

  it('maps what is not an Error at all (a plain object from the backend)', () => {
    expect(storeErrorMessage({ code: '23505', message: 'duplicate key value' })).toBe(
      'This record already exists',
    );
    expect(storeErrorMessage({})).toBe('An unexpected error occurred');
  });
});
