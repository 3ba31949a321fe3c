import { CalendarPlus } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatPlanTime } from '@/lib/format/format-plan-time';
import type { Post } from '@/entities/post/post';
import type { UpcomingPosts } from '../use-upcoming';
import { postStatus, PostStatusBadge } from './post-status';

interface UpcomingListProps {
  state: UpcomingPosts;
  /** Planning's time zone: the times are shown on its wall clock. */
  timeZone: string;
  onRetry: () => void;
  onOpenPost: (post: Post) => void;
}

/** When the post is due: its plan (every post in the list has one). */
const dueOf = (post: Post) => new Date(post.planned_at ?? post.calendar_at);

/**
 * "Upcoming": the next planned posts, soonest first, whatever month the grid shows; each opens the
 * post dialog. It owns its states: loading, empty, and a failed load with Try Again.
 */
export function UpcomingList({ state, timeZone, onRetry, onOpenPost }: UpcomingListProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading'}
      className="@container rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Upcoming
      </h3>
      <div className="mt-3">
        {state.status === 'loading' && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4 text-brand-500" /> Loading upcoming posts...
          </p>
        )}
        {state.status === 'error' && (
          <Alert tone="danger" className="flex flex-wrap items-center justify-between gap-3">
            <span>{state.message}</span>
            <Button variant="secondary" onClick={onRetry}>
              Try Again
            </Button>
          </Alert>
        )}
        {state.status === 'ready' && state.posts.length === 0 && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <CalendarPlus aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
            Nothing planned yet. Open a post and give it a date, or drag it to a day.
          </p>
        )}
        {state.status === 'ready' && state.posts.length > 0 && (
          <ol aria-labelledby={headingId} className="divide-y divide-slate-100">
            {state.posts.map((post) => (
              <li key={post.id}>
                <button
                  type="button"
                  aria-label={`${formatPlanTime(dueOf(post), timeZone)} ${post.topic || 'Untitled post'}, ${postStatus(post).label}`}
                  aria-haspopup="dialog"
                  onClick={() => onOpenPost(post)}
                  className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 @md:grid-cols-[auto_minmax(0,1fr)_auto]"
                >
                  {/* Narrow: the time and the status on one line, the title under them at full width. */}
                  <time
                    dateTime={dueOf(post).toISOString()}
                    className="col-start-1 row-start-1 font-semibold text-slate-700 tabular-nums"
                  >
                    {formatPlanTime(dueOf(post), timeZone)}
                  </time>
                  <span
                    data-upcoming-title
                    className="col-span-2 col-start-1 row-start-2 break-words text-slate-900 @md:col-span-1 @md:col-start-2 @md:row-start-1"
                  >
                    {post.topic || 'Untitled post'}
                  </span>
                  <span className="col-start-2 row-start-1 justify-self-end @md:col-start-3">
                    <PostStatusBadge post={post} />
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
