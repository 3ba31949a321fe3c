import type { ImageType } from './image-bytes';

/** The largest file accepted, as chosen and as uploaded: 5 MB (the post-images bucket's own limit). */
export const maxImageBytes = 5 * 1024 * 1024;
/** The longest side kept; larger images are scaled down to it. */
export const maxImageSide = 4096;
/** The formats accepted, for an `<input accept>` (join them with commas); the bytes decide, not this. */
export const acceptedImageTypes: readonly ImageType[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
];
