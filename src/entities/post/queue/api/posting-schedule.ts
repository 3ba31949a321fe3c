import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { parseSlot, slotKey, sortSlots, type WeeklySlot } from '../slot-math';

/** An author's posting queue: weekly posting times, read in `timeZone` (an IANA name). */
export interface PostingSchedule {
  timeZone: string;
  slots: WeeklySlot[];
}

const toSchedule = (row: { time_zone: string; slots: string[] }): PostingSchedule => ({
  timeZone: row.time_zone,
  slots: sortSlots(row.slots.map(parseSlot).filter((slot): slot is WeeklySlot => slot !== null)),
});

/** The user's schedule, or null when they have not set one (row-level security shows only theirs). */
export async function fetchPostingSchedule(userId: string): Promise<PostingSchedule | null> {
  try {
    const { data, error } = await getSupabase()
      .from('posting_schedules')
      .select('time_zone, slots')
      .eq('user_id', userId)
      .maybeSingle();
    if (error) throw error;
    return data ? toSchedule(data) : null;
  } catch (error) {
    throw userFacingError(error);
  }
}

/** Stores the user's schedule (one row per user) and returns it as stored. */
export async function savePostingSchedule(
  userId: string,
  schedule: PostingSchedule,
): Promise<PostingSchedule> {
  try {
    const { data, error } = await getSupabase()
      .from('posting_schedules')
      .upsert({
        user_id: userId,
        time_zone: schedule.timeZone,
        slots: sortSlots(schedule.slots).map(slotKey),
      })
      .select('time_zone, slots')
      .single();
    if (error) throw error;
    return toSchedule(data);
  } catch (error) {
    throw userFacingError(error);
  }
}
