import { isSameDay } from 'date-fns';
import type { Post } from '@/entities/post/post';
import { dayKey, type MonthGridDay } from '../month-grid';
import type { PostMoves } from '../use-plan-moves';
import { DayCell } from './day-cell';

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

interface CalendarGridProps {
  weeks: MonthGridDay[][];
  postsByDay: ReadonlyMap<string, Post[]>;
  today: Date;
  /** The id of the month title, which names the table. */
  labelledBy: string;
  busy: boolean;
  onOpenPost: (post: Post) => void;
  /** How posts move (drag a chip to a day, or Alt + arrow keys); without it posts stay put. */
  moves?: PostMoves | undefined;
  /** Free posting times of the queue by day key, shown faintly in their days. */
  freeSlotsByDay?: ReadonlyMap<string, Date[]> | undefined;
  /** Planning's time zone: days and times are those of its wall clock. */
  timeZone: string;
}

/**
 * The month as a table: one column per weekday (Sunday first), one row per week. It always fits its
 * box (fixed, equal columns); the page shows the agenda instead where the columns would be too narrow.
 */
export function CalendarGrid({
  weeks,
  postsByDay,
  today,
  labelledBy,
  busy,
  onOpenPost,
  moves,
  freeSlotsByDay,
  timeZone,
}: CalendarGridProps) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table aria-labelledby={labelledBy} aria-busy={busy} className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th
                key={name}
                scope="col"
                className="border-b border-slate-200 bg-slate-50 px-2 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                <span aria-hidden="true" className="lg:hidden">
                  {name.slice(0, 3)}
                </span>
                <span className="sr-only lg:not-sr-only">{name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, weekIndex) => (
            <tr key={weekIndex}>
              {week.map((day) => {
                const key = dayKey(day.date);
                return (
                  <DayCell
                    key={key}
                    day={day}
                    posts={postsByDay.get(key) ?? []}
                    isToday={isSameDay(day.date, today)}
                    onOpenPost={onOpenPost}
                    moves={moves}
                    freeSlots={freeSlotsByDay?.get(key)}
                    timeZone={timeZone}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
