import type { Post } from '@/entities/post/post';

type Written = Pick<Post, 'id' | 'user_id' | 'topic' | 'content' | 'is_published' | 'created_at'>;

/**
 * A posts row as the table returns it, from what the author wrote: the publishing columns default
 * as the database sets them (status from the flag and the plan, the calendar day from the dates).
 */
export function postRow(fields: Written & Partial<Post>): Post {
  const planned = fields.planned_at ?? null;
  const published = fields.published_at ?? null;
  return {
    image_path: null,
    image_alt: null,
    carousel_path: null,
    carousel_title: null,
    carousel_slides: null,
    planned_at: planned,
    publish_status: fields.is_published ? 'published' : planned ? 'scheduled' : 'draft',
    publish_attempts: 0,
    publish_claimed_at: null,
    publish_sent_at: null,
    publish_error: null,
    publish_error_kind: null,
    next_attempt_at: null,
    published_at: published,
    linkedin_post_urn: null,
    linkedin_post_url: null,
    calendar_at: published ?? planned ?? fields.created_at,
    updated_at: fields.created_at,
    first_comment: null,
    first_comment_status: null,
    first_comment_error: null,
    first_comment_urn: null,
    ...fields,
  };
}
