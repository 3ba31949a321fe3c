import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { toPost, type Post } from '@/entities/post/post';

/** The server's read cap (MAX_ROWS); a month is read in pages of this size. */
const monthPageSize = 1000;

/**
 * The user's posts whose calendar day (published, else planned, else created: `calendar_at`) is in
 * [from, to), oldest first (one calendar month), however many.
 */
export async function fetchPostsBetween(userId: string, from: Date, to: Date): Promise<Post[]> {
  try {
    // Reads stop at the server's row cap (1,000): page until a short page, so a busy month is whole.
    const month: Post[] = [];
    for (let offset = 0; ; offset += monthPageSize) {
      const { data, error } = await getSupabase()
        .from('posts')
        .select('*')
        .eq('user_id', userId)
        .gte('calendar_at', from.toISOString())
        .lt('calendar_at', to.toISOString())
        .order('calendar_at', { ascending: true })
        .order('id', { ascending: true })
        .range(offset, offset + monthPageSize - 1);
      if (error) throw error;
      month.push(...data.map(toPost));
      if (data.length < monthPageSize) return month;
    }
  } catch (error) {
    throw userFacingError(error);
  }
}
