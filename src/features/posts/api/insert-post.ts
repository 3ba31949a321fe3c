import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { Post } from '@/lib/supabase/database-types';

/** A new post of the user, unpublished (docs/product.md "Save Post"). */
export async function insertPost(userId: string, topic: string, content: string): Promise<Post> {
  try {
    const { data, error } = await getSupabase()
      .from('posts')
      .insert({ topic, content, user_id: userId, is_published: false })
      .select()
      .single();
    if (error) throw error;
    return data as Post;
  } catch (error) {
    throw userFacingError(error);
  }
}
