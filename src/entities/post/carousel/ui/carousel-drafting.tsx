import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { CarouselDraftState } from './use-carousel-draft';

interface CarouselDraftingProps {
  state: CarouselDraftState;
  onStop: () => void;
  onRetry: () => void;
  onCancel: () => void;
}

/** While the AI writes the slides ("Writing slides…", Stop), or why it could not (Try again). */
export function CarouselDrafting({ state, onStop, onRetry, onCancel }: CarouselDraftingProps) {
  if (state.status === 'failed') {
    return (
      <div className="mx-4 my-2 space-y-2">
        <Alert tone="danger">{state.message}</Alert>
        <div className="flex gap-2">
          <Button onClick={onRetry}>Try again</Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  const count = state.status === 'writing' ? state.slidesSoFar : 0;
  return (
    <div className="mx-4 my-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-3">
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="h-4 w-4" />
        {state.status === 'writing' && state.retrying
          ? 'Trying once more: writing slides…'
          : 'Writing slides…'}
        {count > 0 && ` ${count} so far`}
      </p>
      <Button variant="secondary" onClick={onStop}>
        Stop
      </Button>
    </div>
  );
}
