import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';
import { firstCommentOf } from '../linkedin/first-comment.ts';
import { requireLinkedIn } from '../linkedin/linkedin-api.ts';
import type { PublishedPostRow } from '../linkedin/published-post-row.ts';
import { readJsonBody } from '../read-json-body.ts';
import { authenticateLive } from '../live-session.ts';
import { requireActiveConnection } from './linkedin-active-connection.ts';

const retryBody = z.object({ postId: z.string().uuid() });

/** What retry_first_comment answers: whether this call claimed the comment, and the user's post. */
interface RetryClaim {
  claimed: boolean;
  post: PublishedPostRow | null;
}

const refused = (status: number, message: string, code: string) =>
  new ApiError(status, message, 'invalid_request_error', code);

/** Why a retry of this post's first comment was not claimed, in the author's words. */
function refusal(post: PublishedPostRow | null): ApiError {
  if (!post) {
    return refused(
      404,
      'This post was not found (it may have been deleted). Reload to see your posts.',
      'post_not_found',
    );
  }
  if (post.publish_status !== 'published' || !post.linkedin_post_urn) {
    return refused(
      409,
      'This post is not on LinkedIn yet. Publish it first; its first comment goes out right after it.',
      'post_not_published',
    );
  }
  if (firstCommentOf(post) === null) {
    return refused(409, 'This post has no first comment to post.', 'no_first_comment');
  }
  if (post.first_comment_status === 'posted') {
    return refused(409, 'The first comment is already under your post on LinkedIn.', 'first_comment_posted');
  }
  if (post.first_comment_status === 'sending') {
    return refused(
      409,
      'The first comment is being posted right now. Reload in a minute to see how it went.',
      'first_comment_sending',
    );
  }
  return refused(
    409,
    'Only a first comment that could not be posted can be retried.',
    'first_comment_not_failed',
  );
}

/**
 * POST /linkedin/first-comment/retry {postId} → { post }: posts the first comment of the user's
 * published post again, after it failed; the post itself is never sent again. The answer is the
 * post as stored afterwards (its comment posted, or failed with the reason). Refused, before
 * anything is sent, when LinkedIn is not connected or the comment is not a failed one.
 */
export function linkedinRetryFirstComment(api: ApiContext) {
  return async (c: Context): Promise<Response> => {
    const { userId } = await authenticateLive(c.req.raw, api);
    const linkedin = requireLinkedIn(api.linkedin);
    const { postId } = await readJsonBody(c.req.raw, retryBody, 4 * 1024);
    await requireActiveConnection(linkedin, userId);
    const claim = await linkedin.service.rpc<RetryClaim>('retry_first_comment', {
      p_user_id: userId,
      p_post_id: postId,
    });
    if (!claim.claimed || !claim.post) throw refusal(claim.post);
    return c.json({ post: await linkedin.publisher.retryFirstComment(claim.post) });
  };
}
