import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';

/**
 * Deletes one idea. Resolves true when this call deleted the row, false when no row was deleted:
 * already gone (another tab), or not the user's (row-level security hides it).
 */
export async function deleteIdea(id: string): Promise<boolean> {
  try {
    const { data, error } = await getSupabase().from('topic_ideas').delete().eq('id', id).select('id');
    if (error) throw error;
    return (data ?? []).length > 0;
  } catch (error) {
    throw userFacingError(error);
  }
}
