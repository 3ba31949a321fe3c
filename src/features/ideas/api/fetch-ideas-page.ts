import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { TopicIdea } from '@/lib/supabase/database-types';

/** The backend returns at most 1,000 rows per read, so the list is fetched in pages of that size. */
export const ideasPageSize = 1000;

/**
 * Page `page` (from 0) of the user's ideas, newest first. Ties in created_at are broken by id, so
 * the order is stable from one page to the next.
 */
export async function fetchIdeasPage(userId: string, page: number): Promise<TopicIdea[]> {
  try {
    const from = page * ideasPageSize;
    const { data, error } = await getSupabase()
      .from('topic_ideas')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .range(from, from + ideasPageSize - 1);
    if (error) throw error;
    return data as TopicIdea[];
  } catch (error) {
    throw userFacingError(error);
  }
}
