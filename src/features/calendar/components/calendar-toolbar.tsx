import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface CalendarToolbarProps {
  /** Id for the month title, which also names the grid. */
  titleId: string;
  monthLabel: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}

const arrowClass =
  'rounded-lg border border-slate-300 bg-white p-2 text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** Month navigation: previous and next arrows around the month-and-year title, and "Today". */
export function CalendarToolbar({ titleId, monthLabel, onPrevious, onNext, onToday }: CalendarToolbarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <button type="button" aria-label="Previous month" onClick={onPrevious} className={arrowClass}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        </button>
        {/* Announced when the month changes, so arrow presses are not silent. */}
        <h2
          id={titleId}
          aria-live="polite"
          className="min-w-40 text-center text-lg font-semibold text-slate-900"
        >
          {monthLabel}
        </h2>
        <button type="button" aria-label="Next month" onClick={onNext} className={arrowClass}>
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <Button variant="secondary" onClick={onToday}>
        Today
      </Button>
    </div>
  );
}
