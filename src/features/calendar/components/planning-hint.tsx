import { StatusKey } from './post-status';

/** The grid's hint; the agenda has no empty days to drop on, so it names the keys only. */
export const gridHint = 'Drag a post to another day, or focus it and press Alt + arrow keys.';
export const agendaHint = 'Focus a post and press Alt + arrow keys to move it to another day.';

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
