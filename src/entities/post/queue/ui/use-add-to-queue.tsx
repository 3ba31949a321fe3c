import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { NoPostingTimesError } from '../../api/queue-post';
import type { Post } from '../../post';
import { formatInZone } from '../format-in-zone';
import { queueTimeZone, useScheduleStore } from '../schedule-store';

/** Where "Settings → Schedule" links to. */
export const scheduleSettingsPath = `${paths.settings}#schedule`;

const queueFailed = 'Could not add the post to the queue. Please try again.';

/** What a post added to the queue says: "Added to the queue for Tue 1 Dec, 8:30 AM." (in the queue's zone). */
export function queuedMessage(post: Pick<Post, 'planned_at'>, timeZone: string): string {
  return post.planned_at
    ? `Added to the queue for ${formatInZone(new Date(post.planned_at), timeZone)}.`
    : 'Added to the queue.';
}

/** Without posting times: the message and the way to Settings → Schedule. */
export function NoPostingTimes() {
  return (
    <Alert tone="warning">
      No posting times are set yet.{' '}
      <Link to={scheduleSettingsPath} className="font-medium text-brand-600 underline">
        Set them in Settings → Schedule
      </Link>
      , then add the post to the queue.
    </Alert>
  );
}

/**
 * "Add to queue" (docs/product.md §9.6): plans the post for the next free posting time through
 * `onQueue` (the database picks it), says where it went (`announce`, else beneath the button), and says why not: no posting times (with
 * the way to set them) or the reason. The schedule is loaded on first use, to know the zone.
 */
export function useAddToQueue(
  onQueue: () => Promise<Post>,
  options: {
    onQueued?: ((post: Post) => void) | undefined;
    /** Says where the post went (a toast); without it the notice says it. */
    announce?: ((message: string) => void) | undefined;
    /** Whether the button is offered at all (the schedule is loaded only then). */
    offered?: boolean;
  } = {},
) {
  const { onQueued, announce, offered = true } = options;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<
    { kind: 'no-slots' } | { kind: 'failed'; message: string } | { kind: 'queued'; message: string } | null
  >(null);
  useEffect(() => {
    if (!offered) return;
    useScheduleStore
      .getState()
      .load()
      .catch(() => undefined);
  }, [offered]);

  async function add() {
    setProblem(null);
    const { schedule, loaded } = useScheduleStore.getState();
    if (loaded && (schedule === null || schedule.slots.length === 0)) {
      setProblem({ kind: 'no-slots' });
      return;
    }
    setBusy(true);
    try {
      const post = await onQueue();
      onQueued?.(post);
      const zone = queueTimeZone(
        await useScheduleStore
          .getState()
          .load()
          .catch(() => null),
      );
      const message = queuedMessage(post, zone);
      if (announce) announce(message);
      else setProblem({ kind: 'queued', message });
    } catch (error) {
      if (error instanceof NoPostingTimesError) {
        // Set elsewhere (another tab removed them): read the schedule again.
        void useScheduleStore
          .getState()
          .load(true)
          .catch(() => undefined);
        setProblem({ kind: 'no-slots' });
      } else
        setProblem({
          kind: 'failed',
          message: error instanceof Error && error.message ? error.message : queueFailed,
        });
    } finally {
      setBusy(false);
    }
  }

  const notice: ReactNode =
    problem?.kind === 'no-slots' ? (
      <NoPostingTimes />
    ) : problem?.kind === 'queued' ? (
      <p role="status" className="text-sm text-green-700">
        {problem.message}
      </p>
    ) : problem ? (
      <Alert tone="danger">{problem.message}</Alert>
    ) : null;
  return { add, busy, notice };
}
