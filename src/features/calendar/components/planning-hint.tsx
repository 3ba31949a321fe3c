import { StatusKey } from './post-status';

/** The grid's hint; the agenda has no empty days to drop on, so it names "Move to…" and the keys. */
export const gridHint =
  'Drag a post to another day, use “Move to…” beside it to pick a date and time, or focus it and press Alt + arrow keys.';
export const agendaHint =
  'Tap “Move to…” beside a post to pick a new date and time, or focus the post and press Alt + arrow keys.';

/** How to move posts (it also describes each movable chip), and what each status icon means. */
export function PlanningHint({ id, asAgenda }: { id: string; asAgenda: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <p id={id} className="text-sm text-slate-600">
        {asAgenda ? agendaHint : gridHint}
      </p>
      <StatusKey />
    </div>
  );
}
