import type { Json } from '@/lib/supabase/database-types';
import type { Post, PublishStatus } from '../post';
import type { Snapshot } from './edit-history';

/**
 * The post being written: one posts row from its first word (docs/decisions/017). Everything that
 * belongs to the post (its words, image, plan, first comment) lives here, so a new document starts
 * with none of the last one's.
 */
export interface PostDocument {
  /** The row's id, made in the browser so a retried first save can never make a second row. */
  id: string;
  /** What the post is about ('' for a post typed from scratch: the row then takes its first line). */
  topic: string;
  content: string;
  firstComment: string;
  /** The stored image's object name, or null (a newly picked image waits in the store until saved). */
  imagePath: string | null;
  imageAlt: string;
  /** When the post is planned to go out (ISO), as stored; planning happens through "Save and plan". */
  plannedAt: string | null;
  publishStatus: PublishStatus;
  /** The row's `updated_at` as last read or written; null while the row does not exist yet. */
  updatedAt: string | null;
  /** The generation failed after this much text: marked, and planned or published only when confirmed. */
  incomplete: boolean;
  /**
   * The post's carousel as stored (its PDF's object name, title, and slides with their design), or
   * nulls. Saved by the carousel editor (not by the autosave), so a new document starts without one.
   */
  carouselPath: string | null;
  carouselTitle: string | null;
  carouselSlides: Json | null;
}

/** A new, empty document: no words, no image, no plan, no first comment. */
export function emptyDocument(id: string = crypto.randomUUID()): PostDocument {
  return {
    id,
    topic: '',
    content: '',
    firstComment: '',
    imagePath: null,
    imageAlt: '',
    plannedAt: null,
    publishStatus: 'draft',
    updatedAt: null,
    incomplete: false,
    ...noDocumentCarousel,
  };
}

/** A document's carousel fields when it has none. */
export const noDocumentCarousel = { carouselPath: null, carouselTitle: null, carouselSlides: null } as const;

/** The carousel fields of a stored post. */
export const documentCarouselOf = (
  post: Pick<Post, 'carousel_path' | 'carousel_title' | 'carousel_slides'>,
): Pick<PostDocument, 'carouselPath' | 'carouselTitle' | 'carouselSlides'> => ({
  carouselPath: post.carousel_path,
  carouselTitle: post.carousel_title,
  carouselSlides: post.carousel_slides,
});

/** A stored post opened for writing (from Saved Posts, or read back after a reload). */
export function documentFromPost(post: Post): PostDocument {
  return {
    id: post.id,
    topic: post.topic,
    content: post.content,
    firstComment: post.first_comment ?? '',
    imagePath: post.image_path,
    imageAlt: post.image_alt ?? '',
    plannedAt: post.planned_at,
    publishStatus: post.publish_status,
    updatedAt: post.updated_at,
    incomplete: false,
    ...documentCarouselOf(post),
  };
}

export const snapshotOf = (doc: PostDocument): Snapshot => ({
  content: doc.content,
  topic: doc.topic,
  firstComment: doc.firstComment,
});

/** The longest topic a row takes (the database's limit). */
const maxTopicLength = 1000;
/** A topic taken from the first line is cut to about this many characters, at a word. */
const derivedTopicLength = 80;

/**
 * The row's topic: the one the post was written for, else its first line (a post typed from
 * scratch is listed and planned under its opening words).
 */
export function rowTopic(doc: Pick<PostDocument, 'topic' | 'content'>): string {
  const topic = doc.topic.trim();
  if (topic) return topic.slice(0, maxTopicLength);
  const firstLine = doc.content.trim().split('\n')[0]?.trim() ?? '';
  if (firstLine.length <= derivedTopicLength) return firstLine || 'Untitled post';
  const cut = firstLine.lastIndexOf(' ', derivedTopicLength);
  return `${firstLine.slice(0, cut > derivedTopicLength / 2 ? cut : derivedTopicLength)}…`;
}

/** What an autosave writes: the author's columns of the row. */
export interface DocumentFields {
  topic: string;
  content: string;
  first_comment: string | null;
  image_path: string | null;
  image_alt: string | null;
}

export function fieldsOf(doc: PostDocument, imagePath: string | null): DocumentFields {
  const alt = doc.imageAlt.trim();
  const comment = doc.firstComment.trim();
  return {
    topic: rowTopic(doc),
    content: doc.content,
    first_comment: comment === '' ? null : doc.firstComment,
    image_path: imagePath,
    image_alt: imagePath === null || alt === '' ? null : alt,
  };
}

/** Whether a stored row holds exactly these fields (a save whose answer was lost did go through). */
export function rowHolds(post: Post, fields: DocumentFields): boolean {
  return (
    post.topic === fields.topic &&
    post.content === fields.content &&
    (post.first_comment ?? null) === fields.first_comment &&
    post.image_path === fields.image_path &&
    post.image_alt === fields.image_alt
  );
}
