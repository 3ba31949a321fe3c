import { create } from 'zustand';
import { requireUserId } from '@/lib/supabase/client';
import { fetchPostingSchedule, savePostingSchedule, type PostingSchedule } from './api/posting-schedule';
import { browserTimeZone } from './time-zones';

interface ScheduleState {
  /** The stored schedule; null before it is loaded, or when the user has none (see `loaded`). */
  schedule: PostingSchedule | null;
  loaded: boolean;
  /** Why the last load failed, or null. */
  error: string | null;
  /** Loads the schedule once per sign-in (again with `force`). */
  load: (force?: boolean) => Promise<PostingSchedule | null>;
  /** Saves it; rejects with the reason in the user's words (what was typed stays in the form). */
  save: (schedule: PostingSchedule) => Promise<PostingSchedule>;
  reset: () => void;
}

let loading: Promise<PostingSchedule | null> | null = null;
/** Counts loads and resets: a reply to an older one is dropped. */
let generation = 0;

/** The user's posting queue (docs/product.md §9.6), shared by Settings, the queue buttons and the calendar. */
export const useScheduleStore = create<ScheduleState>((set, get) => ({
  schedule: null,
  loaded: false,
  error: null,
  load: (force = false) => {
    if (get().loaded && !force) return Promise.resolve(get().schedule);
    if (loading && !force) return loading;
    generation += 1;
    const mine = generation;
    loading = (async () => {
      try {
        const schedule = await fetchPostingSchedule(await requireUserId());
        if (mine === generation) set({ schedule, loaded: true, error: null });
        return schedule;
      } catch (error) {
        if (mine === generation) set({ error: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        if (mine === generation) loading = null;
      }
    })();
    return loading;
  },
  save: async (schedule) => {
    const saved = await savePostingSchedule(await requireUserId(), schedule);
    generation += 1;
    loading = null;
    set({ schedule: saved, loaded: true, error: null });
    return saved;
  },
  reset: () => {
    generation += 1;
    loading = null;
    set({ schedule: null, loaded: false, error: null });
  },
}));

/** The zone the queue's times are read in: the schedule's, else the browser's. */
export const queueTimeZone = (schedule: PostingSchedule | null): string =>
  schedule?.timeZone ?? browserTimeZone();
