import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';

const isNoRow = (error: unknown) => (error as { code?: unknown } | null)?.code === 'PGRST116';

/**
 * +1 on one idea (the ideas bank's "Reuse this topic"), in one statement (count_topic_use), so two
 * tabs counting at once count 2. Returns the idea as stored, or null when it is gone or not the
 * user's: row-level security hides other users' rows, and `.single()` turns "no row" into
 * PGRST116, which is answered here instead of reported as a silent success.
 */
export async function countTopicUse(id: string): Promise<TopicIdea | null> {
  try {
    const { data, error } = await getSupabase().rpc('count_topic_use', { idea_id: id }).single();
    if (isNoRow(error)) return null;
    if (error) throw error;
    return data as TopicIdea;
  } catch (error) {
    throw userFacingError(error);
  }
}
