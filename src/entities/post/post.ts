import { checkedText, type Tables } from '@/lib/supabase/database-types';

export const firstCommentStatuses = ['sending', 'posted', 'failed'] as const;
export type FirstCommentStatus = (typeof firstCommentStatuses)[number];

export const publishStatuses = ['draft', 'scheduled', 'publishing', 'published', 'failed'] as const;
export type PublishStatus = (typeof publishStatuses)[number];

export const publishErrorKinds = [
  'retrying',
  'reconnect',
  'rejected',
  'version',
  'unavailable',
  'unconfirmed',
] as const;
export type PublishErrorKind = (typeof publishErrorKinds)[number];

type PostRow = Tables<'posts'>;

/**
 * A row of public.posts as PostgREST returns it: the generated row type (what each column means is
 * in its `comment on column` in supabase/migrations), narrowed where a CHECK holds a text column to a
 * few values:
 * - `publish_status`: set by the database from the plan and the publisher (docs/decisions/016);
 * - `publish_error_kind`: what the author can do about `publish_error`;
 * - `first_comment_status`: set by the publisher, sending, posted or failed (null before the post is
 *   out, or without a comment).
 * Elsewhere: `updated_at` is when the author last changed what they write (compared before an
 * autosave overwrites), `image_path` the image's object name in the post-images bucket
 * (`<user id>/<file>`), `calendar_at` the calendar day (published, else planned, else created).
 */
export interface Post extends Omit<
  PostRow,
  'publish_status' | 'publish_error_kind' | 'first_comment_status'
> {
  publish_status: PublishStatus;
  publish_error_kind: PublishErrorKind | null;
  first_comment_status: FirstCommentStatus | null;
}

/** A posts row as the app types it (see Post). */
export function toPost(row: PostRow): Post {
  return {
    ...row,
    publish_status: checkedText(publishStatuses, row.publish_status, 'posts.publish_status'),
    publish_error_kind:
      row.publish_error_kind === null
        ? null
        : checkedText(publishErrorKinds, row.publish_error_kind, 'posts.publish_error_kind'),
    first_comment_status:
      row.first_comment_status === null
        ? null
        : checkedText(firstCommentStatuses, row.first_comment_status, 'posts.first_comment_status'),
  };
}
