import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';

/**
 * When scheduled publishing last reached the server (ISO time), or null if it never has
 * (supabase/migrations/20261128000500…: recorded by /linkedin/publish-due on each run).
 */
export async function fetchLastScheduledRun(): Promise<string | null> {
  try {
    const { data, error } = await getSupabase().rpc('scheduled_publishing_last_run');
    if (error) throw error;
    return typeof data === 'string' ? data : null;
  } catch (error) {
    throw userFacingError(error);
  }
}
