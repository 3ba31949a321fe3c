import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { plural } from '@/lib/format/counting';

/** What LinkedIn's API gave on a refresh (the /api route's answer). */
export interface RefreshOutcome {
  read: number;
  due: number;
  waiting: number;
}

type State =
  | { step: 'idle' }
  | { step: 'refreshing' }
  | { step: 'done'; outcome: RefreshOutcome }
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
 * API where the server's LinkedIn app may (r_member_postAnalytics). When LinkedIn refuses, the
 * page says which source is unavailable and keeps the last results; the export still works.
 */
export function LinkedInRefresh({
  onRefresh,
  onRefreshed,
}: {
  onRefresh: () => Promise<RefreshOutcome>;
  onRefreshed: () => Promise<unknown>;
}) {
  const [state, setState] = useState<State>({ step: 'idle' });

  async function refresh() {
    setState({ step: 'refreshing' });
    try {
      const outcome = await onRefresh();
      if (outcome.read > 0) await onRefreshed();
      setState({ step: 'done', outcome });
    } catch (error) {
      setState({
        step: 'failed',
        message: error instanceof Error && error.message ? error.message : 'LinkedIn could not be asked.',
      });
    }
  }

  return (
    <section aria-label="Results from LinkedIn" className="space-y-2">
      <Button variant="secondary" onClick={() => void refresh()} disabled={state.step === 'refreshing'}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        {state.step === 'refreshing' ? 'Refreshing from LinkedIn...' : 'Refresh from LinkedIn'}
      </Button>
      {state.step === 'done' && (
        <p role="status" className="text-sm text-slate-600">
          {doneMessage(state.outcome)}
        </p>
      )}
      {state.step === 'failed' && <Alert tone="warning">{state.message}</Alert>}
    </section>
  );
}
