/**
 * The backend error mapping of spec §8, in its order, as one pure function used by every store.
 * Beyond the spec it never shows a raw database message for errors the user can do nothing with.
 */
interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
}

export const connectionMessage =
  'Unable to connect to the database. Please check your internet connection and try again.';

export function mapBackendError(error: unknown): string {
  const { message, code, status } = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const text = typeof message === 'string' ? message : typeof error === 'string' ? error : '';
  if (text.includes('message channel closed')) return 'Connection interrupted. Reconnecting...';
  if (code === 'PGRST301') return 'Database row level security policy violation';
  if (code === '23505') return 'This record already exists';
  if (code === '23503') return 'Referenced record does not exist';
  if (status === 401) return 'Authentication required';
  if (status === 403 || code === '42501') return 'You do not have permission to perform this action';
  if (code === 'PGRST116') return 'Resource not found';
  if (text.includes('JWT expired')) return 'Session expired. Please sign in again.';
  if (code === '23514' || code === '22001')
    return 'One of the values is too long or not allowed. Please check what you entered.';
  if (code === '23502') return 'A required value is missing.';
  if (/Failed to fetch|fetch failed|NetworkError|Load failed/i.test(text)) return connectionMessage;
  return text || 'An unexpected error occurred';
}
