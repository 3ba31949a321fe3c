import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';

/** Deletes the given samples of the user; ones already gone (another tab) are no error. */
export async function deleteVoiceSamples(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    const { error } = await getSupabase()
      .from('voice_samples')
      .delete()
      .in('id', [...ids]);
    if (error) throw error;
  } catch (error) {
    throw userFacingError(error);
  }
}
