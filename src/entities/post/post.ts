/** A row of public.posts as PostgREST returns it (supabase/migrations). */
export interface Post {
  id: string;
  user_id: string;
  topic: string;
  content: string;
  is_published: boolean;
  created_at: string;
  /** When the author last changed what they write (text, image, plan, first comment): compared before an autosave overwrites. */
  updated_at: string;
  /** The image's object name in the post-images bucket (`<user id>/<file>`), or null. */
  image_path: string | null;
  /** The image's alt text, or null. */
  image_alt: string | null;
  /** When the author plans to publish it (ISO timestamp), or null. */
  planned_at: string | null;
  /** Set by the database from the plan and the publisher (docs/decisions/016). */
  publish_status: PublishStatus;
  /** LinkedIn publishing attempts since the post was last planned. */
  publish_attempts: number;
  /** Why the last attempt did not publish, in the author's words. */
  publish_error: string | null;
  /** What the author can do about `publish_error`. */
  publish_error_kind: PublishErrorKind | null;
  /** When a post that failed for a passing reason is tried again. */
  next_attempt_at: string | null;
  /** When it went out on LinkedIn (set by the publisher only). */
  published_at: string | null;
  linkedin_post_urn: string | null;
  /** Where the post is on LinkedIn. */
  linkedin_post_url: string | null;
  /** The calendar day: published, else planned, else created. */
  calendar_at: string;
  /** A comment posted under the post right after it goes out on LinkedIn (null or '' for none). */
  first_comment: string | null;
  /** Set by the publisher: sending, posted or failed (null before the post is out, or without a comment). */
  first_comment_status: FirstCommentStatus | null;
  /** Why the first comment could not be posted, in the author's words. */
  first_comment_error: string | null;
  /** The comment on LinkedIn, once posted. */
  first_comment_urn: string | null;
}

export type FirstCommentStatus = 'sending' | 'posted' | 'failed';

export type PublishStatus = 'draft' | 'scheduled' | 'publishing' | 'published' | 'failed';
export type PublishErrorKind =
  'retrying' | 'reconnect' | 'rejected' | 'version' | 'unavailable' | 'unconfirmed';
