import { CalendarX } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MonthPosts } from '../use-month-posts';

interface MonthStatusProps {
  state: MonthPosts;
  /** Posts of the visible month, once loaded. */
  postCount: number;
  monthLabel: string;
  onRetry: () => void;
}

/** The line above the grid: loading, a failed load with a retry, or an empty month. */
export function MonthStatus({ state, postCount, monthLabel, onRetry }: MonthStatusProps) {
  if (state.status === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4 text-brand-500" /> Loading posts...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert tone="danger" className="flex flex-wrap items-center justify-between gap-3">
        <span>{state.message}</span>
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      </Alert>
    );
  }
  if (postCount === 0) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <CalendarX aria-hidden="true" className="h-4 w-4 text-slate-400" /> No posts scheduled for{' '}
        {monthLabel}
      </p>
    );
  }
  return null;
}
