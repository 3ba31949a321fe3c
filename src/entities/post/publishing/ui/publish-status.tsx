import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatPlanTime } from '@/lib/format/format-plan-time';
import { formatDayAndTime, formatTimeOfDay } from '@/lib/format/plan-dates';
import type { Post } from '@/entities/post/post';
import { usePlanTimeZone } from '../../queue/use-plan-time-zone';
import { DueReminder } from './due-reminder';
import { FirstCommentStatus } from './first-comment-status';

interface PublishStatusProps {
  post: Post;
  /** Whether LinkedIn can publish for the user; null while unknown. */
  connected: boolean | null;
  /** "Retry" on a failed post (the caller confirms what will be posted). */
  onRetry: () => void;
  /** "Mark as published" on a due reminder; rejects with the reason in the user's words. */
  onMarkPublished: () => Promise<unknown>;
  /** "Retry" of a published post's first comment that failed; rejects with the reason in the user's words. */
  onRetryFirstComment?: (() => Promise<unknown>) | undefined;
  /** The current time (tests); the clock otherwise. */
  now?: Date | undefined;
}

const line = 'text-sm text-slate-600';
const problem = 'text-sm text-amber-900';

/** Where a post stands on its way to LinkedIn, in a line or two (times in planning's zone); nothing for a draft. */
export function PublishStatus({
  post,
  connected,
  onRetry,
  onMarkPublished,
  onRetryFirstComment,
  now,
}: PublishStatusProps) {
  const timeZone = usePlanTimeZone();
  switch (post.publish_status) {
    case 'scheduled':
      return (
        <Scheduled
          post={post}
          connected={connected}
          onMarkPublished={onMarkPublished}
          now={now}
          timeZone={timeZone}
        />
      );
    case 'publishing':
      return (
        <p className={`flex items-center gap-2 ${line}`}>
          <Spinner className="h-4 w-4" /> Publishing to LinkedIn…
        </p>
      );
    case 'published':
      // Marked by hand: the status pill already says so.
      if (!post.linkedin_post_url) return null;
      return (
        <div className="space-y-2">
          <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${line}`}>
            {post.published_at && (
              <span>Published on LinkedIn on {formatDayAndTime(new Date(post.published_at), timeZone)}</span>
            )}
            <a
              href={post.linkedin_post_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline"
            >
              View on LinkedIn <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            </a>
          </p>
          <FirstCommentStatus post={post} connected={connected} onRetry={onRetryFirstComment} />
        </div>
      );
    case 'failed':
      return <Failed post={post} connected={connected} onRetry={onRetry} />;
    default:
      return null;
  }
}

function Scheduled({
  post,
  connected,
  onMarkPublished,
  now,
  timeZone,
}: Pick<PublishStatusProps, 'post' | 'connected' | 'onMarkPublished' | 'now'> & { timeZone: string }) {
  const planned = post.planned_at ? new Date(post.planned_at) : null;
  // The publisher sends a due post when LinkedIn is connected; otherwise the author posts it.
  const due = planned !== null && connected === false && planned.getTime() <= (now ?? new Date()).getTime();
  const retrying = post.publish_error_kind === 'retrying';
  return (
    <div className="space-y-1">
      {retrying ? (
        <>
          <p className={problem}>{post.publish_error}</p>
          {post.next_attempt_at && (
            <p className={line}>Next try at {formatTimeOfDay(new Date(post.next_attempt_at), timeZone)}</p>
          )}
        </>
      ) : (
        planned && <p className={line}>Planned for {formatPlanTime(planned, timeZone)}</p>
      )}
      {post.publish_error_kind === 'reconnect' && (
        <p className={problem}>
          {post.publish_error}{' '}
          <Link to={paths.settings} className="font-medium underline">
            Reconnect LinkedIn
          </Link>
        </p>
      )}
      {due && <DueReminder text={post.content} onMarkPublished={onMarkPublished} />}
    </div>
  );
}

function Failed({ post, connected, onRetry }: Pick<PublishStatusProps, 'post' | 'connected' | 'onRetry'>) {
  const [asking, setAsking] = useState(false);
  const unconfirmed = post.publish_error_kind === 'unconfirmed';
  return (
    <div className="space-y-2">
      <p className="text-sm text-red-700">{post.publish_error ?? 'This post was not published.'}</p>
      {asking ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>LinkedIn may already have this post. Check your profile first. Publish it again?</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              onClick={() => {
                setAsking(false);
                onRetry();
              }}
            >
              Publish again
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          disabled={connected === false}
          onClick={() => (unconfirmed ? setAsking(true) : onRetry())}
        >
          Retry
        </Button>
      )}
    </div>
  );
}
