import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { VoiceSample } from '@/lib/supabase/database-types';

/** The user's voice samples (at most 10), in the order they were given: oldest first. */
export async function fetchVoiceSamples(userId: string): Promise<VoiceSample[]> {
  try {
    const { data, error } = await getSupabase()
      .from('voice_samples')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true });
    if (error) throw error;
    return data as VoiceSample[];
  } catch (error) {
    throw userFacingError(error);
  }
}
