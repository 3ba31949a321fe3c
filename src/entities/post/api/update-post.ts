import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { toPost, type Post } from '@/entities/post/post';

export type PostPatch = Partial<
  Pick<
    Post,
    | 'content'
    | 'is_published'
    | 'image_path'
    | 'image_alt'
    | 'planned_at'
    | 'first_comment'
    | 'carousel_path'
    | 'carousel_title'
    | 'carousel_slides'
  >
>;

/**
 * Changes one post and returns it as stored. A post that is gone, or not the user's (row-level
 * security hides it), updates no row: `.single()` makes that PGRST116 ("Resource not found")
 * instead of a silent success.
 */
export async function updatePost(id: string, patch: PostPatch): Promise<Post> {
  try {
    const { data, error } = await getSupabase().from('posts').update(patch).eq('id', id).select().single();
    if (error) throw error;
    return toPost(data);
  } catch (error) {
    throw userFacingError(error);
  }
}
