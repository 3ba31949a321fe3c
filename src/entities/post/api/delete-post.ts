import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';

/** Deletes one post; a post already gone (deleted in another tab) is no error. */
export async function deletePost(id: string): Promise<void> {
  try {
    const { error } = await getSupabase().from('posts').delete().eq('id', id);
    if (error) throw error;
  } catch (error) {
    throw userFacingError(error);
  }
}
