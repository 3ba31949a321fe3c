import { mapBackendError } from './map-backend-error';

/**
 * The message a store keeps in its `error` field (docs/product.md §15): our own errors (plain Error, no code)
 * keep their message; backend errors go through the mapping table.
 */
export function storeErrorMessage(error: unknown): string {
  return error instanceof Error && !('code' in error) ? error.message : mapBackendError(error);
}

/**
 * What a data-access function (`features/<f>/api/`) throws: a plain Error with the user message
 * of docs/product.md §15, the backend's own error kept as its cause. A store passes the message on unchanged.
 */
export function userFacingError(error: unknown): Error {
  return new Error(storeErrorMessage(error), { cause: error });
}
