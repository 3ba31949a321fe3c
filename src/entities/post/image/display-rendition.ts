import type { ImageSize, ImageType } from './image-bytes';
import { acceptedImageTypes } from './image-limits';
import { decodeImage, scaledSize } from './prepare-image';

/** The longest side of a display rendition: LinkedIn's feed shows images at about 1,200 px wide. */
export const displaySide = 1200;
/** What a display rendition may weigh at most. */
export const displayMaxBytes = 300 * 1000;

export interface DisplayRendition {
  blob: Blob;
  type: ImageType;
  width: number;
  height: number;
}

/** Qualities tried at full display size, lightest last; below that the image is made smaller. */
const qualities = [0.82, 0.7, 0.58];
/** Each further try is this much smaller on each side, at the lowest quality, at most `maxShrinks` times. */
const shrinkFactor = 0.8;
const maxShrinks = 6;

/** Safari's canvas cannot encode WebP (it answers PNG): once seen, JPEG is used instead. */
let webpEncodes = true;

/**
 * The image lists and previews show in place of `source` (a stored original): at most
 * `displaySide` px on a side and `displayMaxBytes`, WebP (JPEG where the browser cannot encode
 * WebP). An original already that small is its own rendition, bytes unchanged. Null when it cannot
 * be decoded or encoded within the bound. Runs in a worker or on the page.
 */
export async function makeDisplayRendition(source: Blob): Promise<DisplayRendition | null> {
  const bitmap = await decodeImage(source);
  if (!bitmap) return null;
  try {
    let size = scaledSize(bitmap.width, bitmap.height, displaySide);
    const sourceType = acceptedImageTypes.find((type) => type === source.type);
    const fits = size.width === bitmap.width && size.height === bitmap.height;
    if (fits && sourceType && source.size <= displayMaxBytes)
      return { blob: source, type: sourceType, ...size };
    for (const quality of qualities) {
      const made = await encode(bitmap, size, quality);
      if (!made) return null;
      if (made.blob.size <= displayMaxBytes) return made;
    }
    for (let shrinks = 1; shrinks <= maxShrinks; shrinks += 1) {
      size = scaledSize(
        size.width,
        size.height,
        Math.round(Math.max(size.width, size.height) * shrinkFactor),
      );
      const made = await encode(bitmap, size, qualities.at(-1)!);
      if (!made) return null;
      if (made.blob.size <= displayMaxBytes) return made;
    }
    return null;
  } finally {
    bitmap.close();
  }
}

/** Draws the bitmap at `size` and encodes it as WebP, or JPEG where WebP is not available. */
async function encode(
  bitmap: ImageBitmap,
  size: ImageSize,
  quality: number,
): Promise<DisplayRendition | null> {
  if (webpEncodes) {
    const blob = await drawAndEncode(bitmap, size, 'image/webp', quality);
    if (!blob) return null;
    if (blob.type === 'image/webp') return { blob, type: 'image/webp', ...size };
    webpEncodes = false;
  }
  const blob = await drawAndEncode(bitmap, size, 'image/jpeg', quality);
  return blob?.type === 'image/jpeg' ? { blob, type: 'image/jpeg', ...size } : null;
}

async function drawAndEncode(
  bitmap: ImageBitmap,
  size: ImageSize,
  type: 'image/webp' | 'image/jpeg',
  quality: number,
): Promise<Blob | null> {
  try {
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(size.width, size.height);
      return draw(canvas.getContext('2d'), bitmap, size, type)
        ? await canvas.convertToBlob({ type, quality })
        : null;
    }
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    if (!draw(canvas.getContext('2d'), bitmap, size, type)) return null;
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  } catch {
    return null;
  }
}

function draw(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  size: ImageSize,
  type: string,
): boolean {
  if (!context) return false;
  // JPEG has no transparency: what was transparent becomes white, as on LinkedIn, not black.
  if (type === 'image/jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return true;
}
