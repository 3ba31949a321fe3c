import { CalendarCheck2, Info } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { MoveNotice as Notice } from '../use-plan-moves';

interface MoveNoticeProps {
  notice: Notice | null;
  /** Why the last save failed, or null. */
  failure: string | null;
  undoing: boolean;
  onUndo: () => void;
}

/**
 * What the last move did, under the toolbar: "Moved … to …" with Undo, a refused day, or a failed
 * save. The polite live region is always on the page (an added region is often not announced); a
 * failed save is an alert. Not a toast: a toast would vanish after 4 seconds with its Undo, out of
 * reach of keyboard users (WCAG 2.2.1), and react-hot-toast has no action-button API.
 */
export function MoveNotice({ notice, failure, undoing, onUndo }: MoveNoticeProps) {
  const Icon = notice?.kind === 'refused' ? Info : CalendarCheck2;
  return (
    <>
      <div
        className={
          notice
            ? 'flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2 text-sm text-brand-700'
            : 'contents'
        }
      >
        {/* Only the sentence is live, so "Undo" is not read out with every move. */}
        <p aria-live="polite" className="flex items-center gap-2">
          {notice && <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />}
          {notice?.message}
        </p>
        {notice?.kind === 'moved' && notice.undo && (
          <Button variant="secondary" onClick={onUndo} disabled={undoing} className="py-1">
            {undoing ? 'Undoing...' : 'Undo'}
          </Button>
        )}
      </div>
      {failure !== null && <Alert tone="danger">{failure}</Alert>}
    </>
  );
}
