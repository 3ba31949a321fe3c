import { isAuthRetryableFetchError } from '@supabase/supabase-js';

/**
 * Whether an auth call's error means the auth server could not be reached (or answered 502–504):
 * supabase-js reports that as an AuthRetryableFetchError whose message is the browser's own
 * ("Failed to fetch", "Load failed", "fetch failed"), not something to show a user.
 */
export function isUnreachableAuthError(error: unknown): boolean {
  return isAuthRetryableFetchError(error);
}
