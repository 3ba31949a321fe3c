import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase, requireUserId } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';

/**
 * After a post is saved: +1 on the user's idea with exactly this topic, or a new idea counted 1.
 * One statement (record_topic_use), so two tabs saving one topic at once count 2.
 */
export async function recordTopicUse(topic: string): Promise<TopicIdea> {
  try {
    // Signed out, the spec's "No authenticated user" rather than the database's refusal.
    await requireUserId();
    const { data, error } = await getSupabase().rpc('record_topic_use', { topic }).single();
    if (error) throw error;
    return data as TopicIdea;
  } catch (error) {
    throw userFacingError(error);
  }
}
