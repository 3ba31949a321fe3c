import { mapBackendError } from './map-backend-error';

/**
 * The message a store keeps in its `error` field (docs/product.md §15): our own errors (plain Error, no code)
 * keep their message; backend errors go through the mapping table.
 */
export function storeErrorMessage(error: unknown): string {
  return error instanceof Error && !('code' in error) ? error.message : mapBackendError(error);
}
