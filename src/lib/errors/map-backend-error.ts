import { messages } from '@/config/messages';
/**
 * The backend error mapping of docs/product.md §15, in its order, as one pure function used by every store.
 * Beyond the spec it never shows a raw database message for errors the user can do nothing with.
 */
interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
}

export const connectionMessage = messages.no_connection;

export function mapBackendError(error: unknown): string {
  const { message, code, status } = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const text = typeof message === 'string' ? message : typeof error === 'string' ? error : '';
  if (text.includes('message channel closed')) return messages.connection_interrupted;
  if (code === 'PGRST301') return messages.rls_violation;
  if (code === '23505') return messages.record_exists;
  if (code === '23503') return messages.missing_reference;
  if (status === 401) return messages.auth_required;
  if (status === 403 || code === '42501') return messages.permission_denied;
  if (code === 'PGRST116') return messages.not_found;
  if (text.includes('JWT expired')) return messages.session_expired;
  // The one check the author can act on by name: an image and a carousel on the same post.
  if (code === '23514' && text.includes('posts_image_or_carousel')) return messages.image_or_carousel;
  if (code === '23514' || code === '22001') return messages.value_rejected;
  if (code === '23502') return messages.value_missing;
  // Class 22 (data exception: a character or value PostgreSQL cannot store); class 57 (the server
  // ended the statement: a time limit, a restart) and 08 (the database connection failed). Their
  // raw text ("unsupported Unicode escape sequence") means nothing to the author.
  if (typeof code === 'string' && code.startsWith('22')) return messages.value_rejected;
  if (typeof code === 'string' && (code.startsWith('57') || code.startsWith('08')))
    return messages.server_interrupted;
  if (/Failed to fetch|fetch failed|NetworkError|Load failed/i.test(text)) return connectionMessage;
  return text || messages.unexpected;
}
