import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';
import { topicAlreadySaved } from '../idea-topic';

/** SQLSTATE unique_violation: the user already has an idea with exactly this topic. */
const uniqueViolation = '23505';

/**
 * Saves a topic typed in the Ideas Bank as a new idea of the user, used 0 times
 * (docs/product.md §8.6). A topic the user already has is refused by the table's
 * unique (user_id, topic), the same exact-text match record_topic_use counts on, and says
 * "Topic already saved". Row-level security files the row under the signed-in user only.
 */
export async function insertIdea(userId: string, topic: string): Promise<TopicIdea> {
  try {
    const { data, error } = await getSupabase()
      .from('topic_ideas')
      .insert({ topic, user_id: userId, used_count: 0 })
      .select()
      .single();
    if (error) throw error;
    return data as TopicIdea;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === uniqueViolation) {
      throw new Error(topicAlreadySaved, { cause: error });
    }
    throw userFacingError(error);
  }
}
