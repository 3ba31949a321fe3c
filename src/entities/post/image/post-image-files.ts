import type { PendingImage } from '@/entities/post/image/image-attachment';
import { removePostImages, uploadPostImage } from '@/entities/post/image/post-images';
import type { PostImageFields } from '../api/insert-post';

/** Stores a chosen image and returns the post's image fields (alt text trimmed; empty is null). */
export async function storeImage(
  userId: string,
  image: PendingImage['image'],
  alt: string,
): Promise<PostImageFields> {
  const path = await uploadPostImage(userId, image);
  return { image_path: path, image_alt: altOrNull(alt) };
}

export function altOrNull(alt: string): string | null {
  return alt.trim() === '' ? null : alt.trim();
}

/**
 * Removes images no post needs any more. A failure is only logged: the post itself is already
 * right, and the next sweep of the user's folder removes what was left.
 */
export async function discardImages(paths: readonly (string | null)[]): Promise<void> {
  const names = paths.filter((path): path is string => path !== null);
  try {
    await removePostImages(names);
  } catch (error) {
    console.warn('An image no post uses could not be removed yet', error);
  }
}
