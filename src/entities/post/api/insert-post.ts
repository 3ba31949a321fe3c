import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { toPost, type Post } from '@/entities/post/post';

export type PostImageFields = Pick<Post, 'image_path' | 'image_alt'>;

/**
 * A new post of the user, unpublished (docs/product.md "Save Post"), with its stored image if any,
 * and planned for `plannedAt` when given (the database makes a planned post 'scheduled').
 */
export async function insertPost(
  userId: string,
  topic: string,
  content: string,
  image: PostImageFields = { image_path: null, image_alt: null },
  plannedAt: Date | null = null,
): Promise<Post> {
  // An unplanned post is sent as before: planned_at is left to the column's default (null).
  const plan = plannedAt ? { planned_at: plannedAt.toISOString() } : {};
  try {
    const { data, error } = await getSupabase()
      .from('posts')
      .insert({ topic, content, user_id: userId, is_published: false, ...image, ...plan })
      .select()
      .single();
    if (error) throw error;
    return toPost(data);
  } catch (error) {
    throw userFacingError(error);
  }
}
