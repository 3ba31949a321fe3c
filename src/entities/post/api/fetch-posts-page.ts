import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { Post } from '@/entities/post/post';

/** `size` posts of the user from `offset` on, newest first (the Saved Posts list, docs/wire-formats.md §6). */
export async function fetchPostsPage(userId: string, offset: number, size: number): Promise<Post[]> {
  try {
    const { data, error } = await getSupabase()
      .from('posts')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .range(offset, offset + size - 1);
    if (error) throw error;
    return data as Post[];
  } catch (error) {
    throw userFacingError(error);
  }
}
