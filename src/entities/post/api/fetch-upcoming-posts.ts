import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { toPost, type Post } from '@/entities/post/post';

/**
 * The user's posts still to go out, soonest first: planned and not yet published (scheduled,
 * being published, or failed and waiting for the author), at most `limit`.
 */
export async function fetchUpcomingPosts(userId: string, limit: number): Promise<Post[]> {
  try {
    const { data, error } = await getSupabase()
      .from('posts')
      .select('*')
      .eq('user_id', userId)
      .in('publish_status', ['scheduled', 'publishing', 'failed'])
      .not('planned_at', 'is', null)
      .order('planned_at', { ascending: true })
      .order('id', { ascending: true })
      .limit(limit);
    if (error) throw error;
    return data.map(toPost);
  } catch (error) {
    throw userFacingError(error);
  }
}
