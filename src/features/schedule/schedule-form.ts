import { formatWeeklySlot } from '@/entities/post/queue/format-in-zone';
import {
  isTimeOfDay,
  isTimeZone,
  slotKey,
  sortSlots,
  type WeeklySlot,
} from '@/entities/post/queue/slot-math';

/** What the Schedule form holds while the author edits it. */
export interface ScheduleForm {
  timeZone: string;
  slots: WeeklySlot[];
}

export const unknownZoneMessage = 'Pick a time zone from the list, for example Europe/London.';

/** Adds a posting time, or says why not (the form keeps what was typed either way). */
export function addSlot(
  slots: readonly WeeklySlot[],
  weekday: number,
  time: string,
): { ok: true; slots: WeeklySlot[] } | { ok: false; message: string } {
  if (!isTimeOfDay(time)) return { ok: false, message: 'Choose a time, for example 08:30.' };
  if (!(weekday >= 1 && weekday <= 7)) return { ok: false, message: 'Choose a day.' };
  const slot = { weekday, time };
  if (slots.some((existing) => slotKey(existing) === slotKey(slot)))
    return { ok: false, message: `${formatWeeklySlot(slot)} is already a posting time.` };
  return { ok: true, slots: sortSlots([...slots, slot]) };
}

/** The form as it can be saved, or why not. */
export function checkForm(
  form: ScheduleForm,
): { ok: true; form: ScheduleForm } | { ok: false; message: string } {
  const timeZone = form.timeZone.trim();
  if (!isTimeZone(timeZone)) return { ok: false, message: unknownZoneMessage };
  return { ok: true, form: { timeZone, slots: sortSlots(form.slots) } };
}

/** A key that changes with anything saved: a difference from the stored one is an unsaved change. */
export const formKey = (form: ScheduleForm): string =>
  `${form.timeZone.trim()}|${sortSlots(form.slots).map(slotKey).join(',')}`;
