import { messages } from '@/config/messages';
import { maxImageBytes } from './image-limits';
import type { ImageProblem, PreparedImage } from './prepare-image';

/** An image chosen for a post and not stored yet: the prepared file, its local preview link and alt text. */
export interface PendingImage {
  image: PreparedImage;
  /** A `blob:` link to the prepared file, for the preview until the post is saved. */
  previewUrl: string;
  alt: string;
}

/** The longest alt text kept (the database's limit). */
export const maxAltTextLength = 1000;

/**
 * What editing a post does to its image: keep it (alt text may change), remove it, or put a new
 * one in its place. `previous` is the stored image being removed or replaced (null when none).
 */
export type ImageEdit =
  | { kind: 'keep'; alt: string }
  | { kind: 'remove'; previous: string | null }
  | { kind: 'replace'; image: PreparedImage; alt: string; previous: string | null };

/** What picking an image offers its controls, on the dashboard and in a post being edited. */
export interface ImagePicking {
  preparing: boolean;
  /** Why the last pick was refused (the image there was stays). */
  error: string | null;
  /** A word about the last pick (more than one file). */
  note: string | null;
  attach: (files: readonly File[]) => Promise<void>;
  setAlt: (alt: string) => void;
  remove: () => void;
}

export type PickResult = { pending: PendingImage; note: string | null } | { error: string };

/**
 * Turns what the user picked, dropped or pasted into one image ready to upload, or says why not.
 * Only the first file counts (a post has one image), and the note says so when there were more.
 */
export async function pickImage(files: readonly File[], alt = ''): Promise<PickResult> {
  const first = files[0];
  if (!first) return { error: messages.image_not_an_image };
  // The image code loads the first time an image is picked, not with the dashboard.
  const { prepareImage } = await import('./prepare-image');
  const prepared = await prepareImage(first);
  if ('problem' in prepared) return { error: imageProblemMessage(prepared) };
  return {
    pending: { image: prepared, previewUrl: URL.createObjectURL(prepared.blob), alt },
    note: files.length > 1 ? messages.image_one_only : null,
  };
}

/** Releases a pending image's preview link. */
export function releasePendingImage(pending: PendingImage | null): void {
  if (pending) URL.revokeObjectURL(pending.previewUrl);
}

export function imageProblemMessage({ problem, size }: ImageProblem): string {
  switch (problem) {
    case 'empty':
      return messages.image_empty;
    case 'not-an-image':
      return messages.image_not_an_image;
    case 'corrupt':
      return messages.image_corrupt;
    case 'too-large':
      return `${messages.image_too_large} This one is ${megabytes(size)}; the limit is ${megabytes(maxImageBytes)}.`;
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The message of a save that failed because of its image (upload, quota), or null for other failures. */
export function imageSaveFailure(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  return message === messages.image_upload_failed || message === messages.image_quota_full ? message : null;
}

/** The files of a drop or paste that could be images (anything with a file; the bytes decide later). */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  return [...data.files];
}
