import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { VoiceSample } from '@/lib/supabase/database-types';

/**
 * Adds samples of the user in one request, in the given order. Each gets its own created_at, one
 * millisecond apart from `after` on, because the samples are read back oldest first and rows of one
 * request would otherwise share the transaction's `now()`.
 */
export async function insertVoiceSamples(
  userId: string,
  contents: readonly string[],
  after: number,
): Promise<VoiceSample[]> {
  if (contents.length === 0) return [];
  try {
    const { data, error } = await getSupabase()
      .from('voice_samples')
      .insert(
        contents.map((content, index) => ({
          user_id: userId,
          content,
          created_at: new Date(after + index + 1).toISOString(),
        })),
      )
      .select();
    if (error) throw error;
    return (data as VoiceSample[]).toSorted((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  } catch (error) {
    throw userFacingError(error);
  }
}
