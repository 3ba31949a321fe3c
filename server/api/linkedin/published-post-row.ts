/** The columns of a posts row the publisher reads (the functions return whole rows). */
export interface PublishedPostRow {
  id: string;
  user_id: string;
  content: string;
  image_path: string | null;
  image_alt: string | null;
  /** The carousel's PDF in the post-carousels bucket, and the title LinkedIn shows with it. */
  carousel_path: string | null;
  carousel_title: string | null;
  publish_status: string;
  publish_attempts: number;
  linkedin_post_urn: string | null;
  first_comment: string | null;
  first_comment_status: string | null;
  [column: string]: unknown;
}
