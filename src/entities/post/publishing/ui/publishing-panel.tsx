import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import type { Post } from '@/entities/post/post';
import { carouselSlideCount } from '../../carousel/carousel';
import { AddToQueueButton } from '../../queue/ui/add-to-queue-button';
import { linkedInConnected } from '../linkedin-connected';
import { firstCommentFailedHeading } from './first-comment-status';
import { PlanField } from './plan-field';
import { PublishDialog } from './publish-dialog';
import { PublishStatus } from './publish-status';

interface PublishingPanelProps {
  post: Post;
  /** The user's LinkedIn; null while unknown. */
  linkedin: LinkedInStatus | null;
  /** A link that shows the post's image, if it has one (for the confirmation). */
  imageUrl?: string | null | undefined;
  onPlan: (plannedAt: Date | null) => Promise<Post>;
  /** "Add to queue" for a draft: plans it for the next free posting time (docs/product.md §9.6). */
  onQueue?: (() => Promise<Post>) | undefined;
  /** Publishes now (also "Retry"); the post as stored afterwards. */
  onPublish: () => Promise<Post>;
  onMarkPublished: () => Promise<Post>;
  /** Posts a failed first comment again (the post is not sent again); the post as stored afterwards. */
  onRetryFirstComment?: (() => Promise<Post>) | undefined;
  /** Called with the post each action returns. */
  onPostChange?: ((post: Post) => void) | undefined;
  /** The current time (tests); the clock otherwise. */
  now?: Date | undefined;
}

/** What a publish that went through says: out on LinkedIn, or why not (a retry is planned, or it failed). */
function outcomeOf(post: Post): string {
  if (post.publish_status !== 'published') return post.publish_error ?? 'The post was not published.';
  return post.first_comment_status === 'failed' ? commentOutcomeOf(post) : 'Published on LinkedIn.';
}

/** What posting the first comment came to. */
function commentOutcomeOf(post: Post): string {
  if (post.first_comment_status === 'posted') return 'First comment posted.';
  return `${firstCommentFailedHeading}: ${post.first_comment_error ?? 'LinkedIn did not take it.'}`;
}

/** One post's way to LinkedIn: where it stands, its planned time, and "Publish now". */
export function PublishingPanel({
  post,
  linkedin,
  imageUrl,
  onPlan,
  onQueue,
  onPublish,
  onMarkPublished,
  onRetryFirstComment,
  onPostChange,
  now,
}: PublishingPanelProps) {
  const id = useId();
  // The post each action returns is shown at once; a newer one from the caller replaces it.
  const [current, setCurrent] = useState(post);
  const [given, setGiven] = useState(post);
  if (post !== given) {
    setGiven(post);
    setCurrent(post);
  }
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  /** Where "Add to queue" put the post (the button goes once the post is planned). */
  const [queued, setQueued] = useState<string | null>(null);
  const connected = linkedInConnected(linkedin);
  const memberName = linkedin?.connection?.name ?? '';

  const take = (next: Post) => {
    setCurrent(next);
    onPostChange?.(next);
  };

  async function publish() {
    setOutcome(null);
    const next = await onPublish();
    take(next);
    setOutcome(outcomeOf(next));
  }

  async function retryFirstComment(retry: () => Promise<Post>) {
    setOutcome(null);
    const next = await retry();
    take(next);
    setOutcome(commentOutcomeOf(next));
  }

  const published = current.publish_status === 'published' || current.is_published;
  const busy = current.publish_status === 'publishing';
  const openConfirm = () => {
    setOutcome(null);
    setConfirming(true);
  };

  return (
    <div role="group" aria-label="Publishing to LinkedIn" className="space-y-3">
      <PublishStatus
        post={current}
        connected={connected}
        onRetry={openConfirm}
        onMarkPublished={async () => take(await onMarkPublished())}
        onRetryFirstComment={onRetryFirstComment && (() => retryFirstComment(onRetryFirstComment))}
        now={now}
      />
      {!published && (
        <PlanField
          plannedAt={current.planned_at}
          onPlan={async (date) => take(await onPlan(date))}
          onPublishNow={connected ? openConfirm : undefined}
          disabled={busy}
          now={now}
        />
      )}
      {onQueue && !published && current.publish_status === 'draft' && (
        <AddToQueueButton onQueue={onQueue} onQueued={take} announce={setQueued} />
      )}
      {queued && current.publish_status === 'scheduled' && (
        <p role="status" className="text-sm text-green-700">
          {queued}
        </p>
      )}
      {!published && !busy && current.publish_status !== 'failed' && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            onClick={openConfirm}
            disabled={!connected}
            aria-describedby={connected === false ? `${id}-why` : undefined}
          >
            <Send aria-hidden="true" className="h-4 w-4" /> Publish now
          </Button>
          {connected === false && (
            <p id={`${id}-why`} className="text-sm text-slate-600">
              <Link to={paths.settings} className="font-medium text-brand-500 hover:underline">
                Connect LinkedIn in Settings
              </Link>{' '}
              to publish from here.
            </p>
          )}
        </div>
      )}
      {/* Read out only: the status above already shows where the post now stands. */}
      <p role="status" className="sr-only">
        {outcome}
      </p>
      <PublishDialog
        open={confirming}
        text={current.content}
        firstComment={current.first_comment}
        memberName={memberName}
        imageUrl={imageUrl}
        imageAlt={current.image_alt}
        carousel={
          current.carousel_path === null
            ? null
            : {
                title: current.carousel_title ?? '',
                pages: carouselSlideCount(current.carousel_slides),
              }
        }
        onConfirm={publish}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
