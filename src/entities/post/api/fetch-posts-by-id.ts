import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { toPost, type Post } from '@/entities/post/post';

/** The user's posts with these ids as stored now (a deleted one is simply missing). */
export async function fetchPostsById(ids: readonly string[]): Promise<Post[]> {
  if (ids.length === 0) return [];
  try {
    const { data, error } = await getSupabase()
      .from('posts')
      .select('*')
      .in('id', [...ids]);
    if (error) throw error;
    return data.map(toPost);
  } catch (error) {
    throw userFacingError(error);
  }
}
