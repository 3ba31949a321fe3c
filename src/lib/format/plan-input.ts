import { fromDateTimeLocal } from './plan-dates';

/** What a "Planned for" field holds: a time still to come, or why it cannot be planned. */
export type PlanInput = { ok: true; date: Date } | { ok: false; problem: 'missing' | 'passed' };

/** Whether a time has come: a plan for this very minute could only go out late, so it counts as past. */
export const hasPassed = (date: Date, now: Date = new Date()): boolean => date.getTime() <= now.getTime();

/**
 * Reads a datetime-local value as a plan, a wall-clock time in `timeZone` (planning's zone).
 * Nothing that is empty, partial or impossible is a plan ('missing'), nor is a time that has
 * already come ('passed').
 */
export function readPlanInput(value: string, timeZone: string, now: Date = new Date()): PlanInput {
  const date = fromDateTimeLocal(value, timeZone);
  if (!date) return { ok: false, problem: 'missing' };
  return hasPassed(date, now) ? { ok: false, problem: 'passed' } : { ok: true, date };
}
