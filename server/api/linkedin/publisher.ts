import { carouselPdfProblem, linkedinMaxDocumentBytes } from '../../../shared/carousel-pdf.ts';
import { firstCommentOf, firstCommentSender } from './first-comment.ts';
import { escapeLittleText } from './little-text.ts';
import { linkedinClient, linkedinPostUrl, type NewLinkedInPost } from './linkedin-client.ts';
import type { LinkedInConfig } from './linkedin-config.ts';
import {
  classifyPublishFailure,
  defaultRetryPolicy,
  linkedinMaxCharacters,
  tooLongMessage,
  type PublishFailure,
  type RetryPolicy,
} from './publish-failure.ts';
import type { PublishedPostRow } from './published-post-row.ts';
import type { ServiceClient } from './service-backend.ts';
import { decryptToken } from './token-cipher.ts';

/** A post LinkedIn would refuse, found before anything was uploaded: settled as rejected, in these words. */
class RefusedBeforeUpload extends Error {
  override name = 'RefusedBeforeUpload';
}

export interface StoredConnection {
  member_id: string;
  member_name: string;
  access_token: string;
  expires_at: string;
  status: 'active' | 'revoked';
  connected_at: string;
}

export interface PublisherOptions {
  config: LinkedInConfig;
  service: ServiceClient;
  fetch: typeof fetch;
  retry?: RetryPolicy;
  now?: () => Date;
  /** Where an unexpected fault is reported (the post itself always says what happened). */
  log?: (message: string, error: unknown) => void;
}

/** Up to this many due posts per run; the next run (a minute later) takes the rest. */
const batchSize = 20;

/**
 * Publishes claimed posts to LinkedIn (docs/decisions/016). Every post is claimed first (one
 * UPDATE to `publishing`, so no two runs hold it), marked `sent` just before LinkedIn is called,
 * and then settled: published with its URN, retried later, or failed with the reason. A published
 * post's first comment goes out right after it (first-comment.ts); its failure never touches the post.
 */
export function linkedinPublisher(options: PublisherOptions) {
  const { config, service } = options;
  const linkedin = linkedinClient(config, options.fetch);
  const now = options.now ?? (() => new Date());
  const policy = options.retry ?? defaultRetryPolicy;
  const log = options.log ?? ((message, error) => console.error(message, error));
  const comments = firstCommentSender({ linkedin, service, apiVersion: config.apiVersion });

  async function connectionOf(userId: string): Promise<StoredConnection | null> {
    const rows = await service.rpc<StoredConnection[]>('linkedin_connection', { p_user_id: userId });
    return rows[0] ?? null;
  }

  /** The connection's access token while LinkedIn should still take it; null otherwise. */
  async function tokenOf(connection: StoredConnection | null, userId: string): Promise<string | null> {
    return connection?.status === 'active' && Date.parse(connection.expires_at) > now().getTime()
      ? await decryptToken(config.tokenKey, userId, connection.access_token)
      : null;
  }

  /**
   * Posts the first comment of a post that just went out, if it has one. The post stays published
   * whatever happens here; when our own database fails mid-way, a comment left 'sending' is settled
   * by reconcile_publishing as unconfirmed, and never sent again by itself.
   */
  async function withFirstComment(published: PublishedPostRow, token: string, memberId: string) {
    if (published.publish_status !== 'published' || firstCommentOf(published) === null) return published;
    try {
      const [claimed] = await service.rpc<PublishedPostRow[]>('begin_first_comment', {
        p_post_id: published.id,
      });
      return claimed ? await comments.sendClaimed(claimed, token, memberId) : published;
    } catch (error) {
      log(`The first comment of post ${published.id} stopped before it was settled:`, error);
      return published;
    }
  }

  async function settle(post: PublishedPostRow, failure: PublishFailure): Promise<PublishedPostRow> {
    if (failure.revokeConnection)
      await service.rpc('linkedin_revoke_connection', { p_user_id: post.user_id });
    const rows = await service.rpc<PublishedPostRow[]>('fail_publishing', {
      p_post_id: post.id,
      p_kind: failure.kind,
      p_message: failure.message,
      p_retry_at: failure.retryAt?.toISOString() ?? null,
    });
    return rows[0] ?? post;
  }

  /**
   * Uploads the post's carousel PDF (Documents API) or its image (Images API), whichever it has,
   * and returns what the post request names. A PDF LinkedIn would refuse (not a PDF, over 100 MB or
   * 300 pages) is refused here, before any byte of it leaves.
   */
  async function uploadMedia(
    post: PublishedPostRow,
    token: string,
    memberId: string,
  ): Promise<Pick<NewLinkedInPost, 'image' | 'document'>> {
    if (post.carousel_path) {
      const pdf = await service.downloadCarousel(post.carousel_path);
      const problem = await carouselPdfProblem(new Uint8Array(pdf.bytes), linkedinMaxDocumentBytes);
      if (problem) throw new RefusedBeforeUpload(problem);
      return {
        document: {
          urn: await linkedin.uploadDocument(token, memberId, pdf),
          title: post.carousel_title?.trim() || 'Carousel',
        },
      };
    }
    if (post.image_path) {
      const image = await service.downloadImage(post.image_path);
      return { image: { urn: await linkedin.uploadImage(token, memberId, image), altText: post.image_alt } };
    }
    return {};
  }

  /** Sends one claimed post; never throws for LinkedIn's answers, only when our own database fails. */
  async function publishClaimed(post: PublishedPostRow): Promise<PublishedPostRow> {
    const connection = await connectionOf(post.user_id);
    const token = await tokenOf(connection, post.user_id);
    if (!connection || token === null) {
      return settle(post, {
        kind: 'reconnect',
        message: connection
          ? 'LinkedIn needs you to sign in again before this post can go out. Reconnect LinkedIn in Settings.'
          : 'LinkedIn is not connected. Connect LinkedIn in Settings, or copy the post and publish it yourself.',
        retryAt: null,
        revokeConnection: connection !== null && connection.status === 'active',
      });
    }
    // UTF-16 units, as LinkedIn (Java) and the app's own counter count them.
    const length = post.content.length;
    if (length > linkedinMaxCharacters) {
      return settle(post, {
        kind: 'rejected',
        message: tooLongMessage(length),
        retryAt: null,
        revokeConnection: false,
      });
    }

    let urn: string;
    // Set once the post request is about to leave: from then on an unknown outcome is never retried.
    let postRequested = false;
    try {
      const media = await uploadMedia(post, token, connection.member_id);
      // From here on LinkedIn may have the post: a claim left in this state is never retried on its own.
      await service.rpc('mark_publish_sent', { p_post_id: post.id });
      postRequested = true;
      urn = await linkedin.createPost(token, {
        authorSub: connection.member_id,
        commentary: escapeLittleText(post.content),
        ...media,
      });
    } catch (error) {
      if (error instanceof RefusedBeforeUpload) {
        return settle(post, {
          kind: 'rejected',
          message: error.message,
          retryAt: null,
          revokeConnection: false,
        });
      }
      return settle(
        post,
        classifyPublishFailure(error, post.publish_attempts, {
          apiVersion: config.apiVersion,
          now: now(),
          policy,
          postRequested,
        }),
      );
    }
    const [published] = await service.rpc<PublishedPostRow[]>('finish_publishing', {
      p_post_id: post.id,
      p_urn: urn,
      p_url: linkedinPostUrl(urn),
    });
    return published ? withFirstComment(published, token, connection.member_id) : post;
  }

  /** Sends a first comment the author retries (claimed by retry_first_comment); the row as settled. */
  async function retryFirstComment(post: PublishedPostRow): Promise<PublishedPostRow> {
    const connection = await connectionOf(post.user_id);
    const token = await tokenOf(connection, post.user_id);
    if (!connection || token === null) {
      return comments.fail(post, {
        message:
          'LinkedIn needs you to sign in again before the comment can be posted. Reconnect LinkedIn in Settings.',
        revokeConnection: connection !== null && connection.status === 'active',
      });
    }
    return comments.sendClaimed(post, token, connection.member_id);
  }

  return {
    connectionOf,
    publishClaimed,
    retryFirstComment,

    /** Claims the posts whose time has come and publishes them one after another. */
    async publishDue(staleAfterSeconds: number) {
      const claimed = await service.rpc<PublishedPostRow[]>('claim_due_posts', {
        max_posts: batchSize,
        stale_after_seconds: staleAfterSeconds,
      });
      const outcome = { claimed: claimed.length, published: 0, retrying: 0, failed: 0 };
      for (const post of claimed) {
        try {
          const settled = await publishClaimed(post);
          if (settled.publish_status === 'published') outcome.published += 1;
          else if (settled.publish_status === 'scheduled') outcome.retrying += 1;
          else outcome.failed += 1;
        } catch (error) {
          // Our own database failed mid-way: the claim stays, and a later run settles it.
          outcome.failed += 1;
          log(`Publishing post ${post.id} stopped before it was settled:`, error);
        }
      }
      return outcome;
    },
  };
}

export type LinkedInPublisher = ReturnType<typeof linkedinPublisher>;
