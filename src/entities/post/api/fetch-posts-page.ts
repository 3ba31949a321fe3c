import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { toPost, type Post, type PublishStatus } from '@/entities/post/post';

/**
 * `size` posts of the user from `offset` on, newest first (the Saved Posts list, docs/wire-formats.md
 * §6), only those in `statuses` when given.
 */
export async function fetchPostsPage(
  userId: string,
  offset: number,
  size: number,
  statuses: readonly PublishStatus[] | null = null,
): Promise<Post[]> {
  try {
    let query = getSupabase().from('posts').select('*').eq('user_id', userId);
    if (statuses) query = query.in('publish_status', [...statuses]);
    const { data, error } = await query
      .order('created_at', { ascending: false })
      .range(offset, offset + size - 1);
    if (error) throw error;
    return data.map(toPost);
  } catch (error) {
    throw userFacingError(error);
  }
}
