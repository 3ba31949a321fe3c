import { classifyCommentFailure, type FirstCommentFailure } from './first-comment-failure.ts';
import type { LinkedInClient } from './linkedin-client.ts';
import { escapeLittleText } from './little-text.ts';
import type { PublishedPostRow } from './published-post-row.ts';
import type { ServiceClient } from './service-backend.ts';

/** The first comment to post under the post, trimmed; null when it has none (null, empty or blank). */
export function firstCommentOf(post: PublishedPostRow): string | null {
  const text = typeof post.first_comment === 'string' ? post.first_comment.trim() : '';
  return text === '' ? null : text;
}

/**
 * Posts a post's first comment on LinkedIn (docs/decisions/016). The comment is claimed first
 * (`first_comment_status` 'sending', by begin_first_comment or retry_first_comment) and settled
 * here as posted with its URN or failed with the reason; it is never sent again by itself.
 */
export function firstCommentSender(deps: {
  linkedin: LinkedInClient;
  service: ServiceClient;
  apiVersion: string;
}) {
  const { linkedin, service } = deps;

  /** Settles a claimed comment as failed, with the reason in the author's words. */
  async function fail(post: PublishedPostRow, failure: FirstCommentFailure): Promise<PublishedPostRow> {
    if (failure.revokeConnection)
      await service.rpc('linkedin_revoke_connection', { p_user_id: post.user_id });
    const rows = await service.rpc<PublishedPostRow[]>('fail_first_comment', {
      p_post_id: post.id,
      p_message: failure.message,
    });
    return rows[0] ?? post;
  }

  /** Sends a claimed comment; never throws for LinkedIn's answers, only when our own database fails. */
  async function sendClaimed(
    post: PublishedPostRow,
    token: string,
    memberId: string,
  ): Promise<PublishedPostRow> {
    const text = firstCommentOf(post);
    const postUrn = typeof post.linkedin_post_urn === 'string' ? post.linkedin_post_urn : null;
    if (text === null || postUrn === null) {
      return fail(post, { message: 'This post has no first comment to post.', revokeConnection: false });
    }
    let urn: string | null;
    try {
      urn = await linkedin.createComment(token, {
        actorSub: memberId,
        postUrn,
        text: escapeLittleText(text),
      });
    } catch (error) {
      return fail(post, classifyCommentFailure(error, deps.apiVersion));
    }
    const rows = await service.rpc<PublishedPostRow[]>('finish_first_comment', {
      p_post_id: post.id,
      p_urn: urn,
    });
    return rows[0] ?? post;
  }

  return { fail, sendClaimed };
}
