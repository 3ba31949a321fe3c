import { RefreshCw } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { plural } from '@/lib/format/counting';
import { autoRefreshDue, noteRefresh } from '../auto-refresh';

/** What LinkedIn's API gave on a refresh (the /api route's answer). */
export interface RefreshOutcome {
  read: number;
  due: number;
  waiting: number;
}

type State =
  | { step: 'idle' }
  | { step: 'refreshing'; auto: boolean }
  | { step: 'done'; outcome: RefreshOutcome; auto: boolean }
  | { step: 'failed'; message: string };

function doneMessage({ read, due }: RefreshOutcome): string {
  if (read === 0) {
    return "No post was due: LinkedIn's figures are read a few times on a post's first day, then daily, then weekly.";
  }
  const left = due - read;
  return `Read the latest figures of ${plural(read, 'post', 'posts')} from LinkedIn.${
    left > 0 ? ` ${plural(left, 'more is', 'more are')} read on the next refresh.` : ''
  }`;
}

/**
 * "Refresh from LinkedIn": the figures of posts published through the app, read from LinkedIn's
 * API where the server's LinkedIn app may (r_member_postAnalytics). The page also refreshes by
 * itself when it opens, at most once every few hours per user (auto-refresh.ts); the server reads
 * only the posts that are due. When LinkedIn refuses, the page says which source is unavailable
 * and keeps the last results; the export still works.
 */
export function LinkedInRefresh({
  userId,
  onRefresh,
  onRefreshed,
}: {
  /** The signed-in user, whose last refresh decides whether the page refreshes by itself; null: never. */
  userId: string | null;
  onRefresh: () => Promise<RefreshOutcome>;
  onRefreshed: () => Promise<unknown>;
}) {
  const [state, setState] = useState<State>({ step: 'idle' });
  /** The user the page has refreshed for by itself (once per mount, Strict Mode's second run included). */
  const autoFor = useRef<string | null>(null);

  async function refresh(auto: boolean) {
    setState({ step: 'refreshing', auto });
    const startedAt = Date.now();
    if (userId) noteRefresh(userId, { at: startedAt, refused: false });
    try {
      const outcome = await onRefresh();
      if (outcome.read > 0) await onRefreshed();
      setState({ step: 'done', outcome, auto });
    } catch (error) {
      if (userId) noteRefresh(userId, { at: startedAt, refused: true });
      setState({
        step: 'failed',
        message: error instanceof Error && error.message ? error.message : 'LinkedIn could not be asked.',
      });
    }
  }

  const refreshIfDue = useEffectEvent((user: string) => {
    if (autoFor.current === user || !autoRefreshDue(user)) return;
    autoFor.current = user;
    void refresh(true);
  });
  // When the page opens (or another user signs in), not on every render.
  useEffect(() => {
    if (userId) refreshIfDue(userId);
  }, [userId]);

  const refreshing = state.step === 'refreshing';
  // A refresh the page started by itself that found nothing due says nothing: the author did not ask.
  const quiet = state.step === 'done' && state.auto && state.outcome.read === 0;
  return (
    <section aria-label="Results from LinkedIn" className="space-y-2">
      <Button variant="secondary" onClick={() => void refresh(false)} disabled={refreshing}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        {refreshing ? 'Refreshing from LinkedIn...' : 'Refresh from LinkedIn'}
      </Button>
      {state.step === 'done' && !quiet && (
        <p role="status" className="text-sm text-slate-600">
          {doneMessage(state.outcome)}
        </p>
      )}
      {state.step === 'failed' && <Alert tone="warning">{state.message}</Alert>}
    </section>
  );
}
