import { MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Post } from '@/entities/post/post';

/** What the UI heads a failed first comment's reason with (docs/product.md §7.5). */
export const firstCommentFailedHeading = 'Published; the first comment could not be posted';

interface FirstCommentStatusProps {
  post: Pick<Post, 'first_comment_status' | 'first_comment_error'>;
  /** Whether LinkedIn can post for the user; null while unknown. */
  connected: boolean | null;
  /** "Retry" for the comment alone; rejects with the reason in the user's words. Without it, no Retry. */
  onRetry?: (() => Promise<unknown>) | undefined;
}

/** Where a published post's first comment stands on LinkedIn; nothing without one. */
export function FirstCommentStatus({ post, connected, onRetry }: FirstCommentStatusProps) {
  switch (post.first_comment_status) {
    case 'posted':
      return (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <MessageSquare aria-hidden="true" className="h-4 w-4" /> First comment posted
        </p>
      );
    case 'sending':
      return (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" /> Posting the first comment…
        </p>
      );
    case 'failed':
      return <FailedComment reason={post.first_comment_error} connected={connected} onRetry={onRetry} />;
    default:
      return null;
  }
}

function FailedComment({
  reason,
  connected,
  onRetry,
}: { reason: string | null } & Pick<FirstCommentStatusProps, 'connected' | 'onRetry'>) {
  const id = useId();
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function retry() {
    if (retrying || !onRetry) return;
    setRetrying(true);
    setError(null);
    try {
      await onRetry();
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'The comment was not posted.');
    } finally {
      setRetrying(false);
    }
  }

  return (
    <div className="space-y-2 text-sm text-amber-900">
      <div id={`${id}-why`}>
        <p className="font-medium">{firstCommentFailedHeading}</p>
        {reason && <p>{reason}</p>}
      </div>
      {onRetry && (
        <Button
          variant="secondary"
          disabled={retrying || connected === false}
          aria-describedby={`${id}-why`}
          onClick={() => void retry()}
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      )}
      {error && <Alert tone="danger">{error}</Alert>}
    </div>
  );
}
