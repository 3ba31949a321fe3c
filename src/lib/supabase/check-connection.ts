import { timers } from '@/config/timers';
import { getSupabase } from './client';
import { messages } from '@/config/messages';

export class ConnectionError extends Error {
  override name = 'ConnectionError';
}

/**
 * docs/wire-formats.md §6 connectivity check: a HEAD request to the REST root, then `select id from profiles
 * limit 1`, within 5 s. Any answer from the database counts; only no answer at all is a
 * connection error. Signed out, the HEAD alone proves the server is there: the select would only
 * be refused (401, which the browser logs as an error on every page load).
 */
export async function checkConnection(
  restUrl: string,
  publishableKey: string,
  timeoutMs: number = timers.connectionCheckMs,
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let head: Response;
    try {
      head = await fetch(`${restUrl}/rest/v1/`, {
        method: 'HEAD',
        headers: { apikey: publishableKey },
        signal: controller.signal,
      });
    } catch {
      throw new ConnectionError(controller.signal.aborted ? 'Connection timeout' : messages.no_connection);
    }
    if (head.status >= 500) throw new ConnectionError(messages.no_connection);
    const { data } = await getSupabase().auth.getSession();
    if (!data.session) return;
    const { error } = await getSupabase()
      .from('profiles')
      .select('id')
      .limit(1)
      .abortSignal(controller.signal);
    if (controller.signal.aborted) throw new ConnectionError('Connection timeout');
    if (error && !error.code) {
      throw new ConnectionError(messages.no_connection);
    }
  } finally {
    clearTimeout(timer);
  }
}
