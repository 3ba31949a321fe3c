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
