import {
  exifOrientation,
  type ImageSize,
  type ImageType,
  sniffImageType,
  tryStripMetadata,
} from './image-bytes';

export type { ImageType } from './image-bytes';

import { acceptedImageTypes, maxImageBytes, maxImageSide } from './image-limits';

export { acceptedImageTypes, maxImageBytes, maxImageSide };

export type ImageExtension = 'jpg' | 'png' | 'gif' | 'webp';

export interface PreparedImage {
  blob: Blob;
  type: ImageType;
  /** The final pixel size, after EXIF orientation and any downscale. */
  width: number;
  height: number;
  extension: ImageExtension;
}

export interface ImageProblem {
  problem: 'empty' | 'not-an-image' | 'too-large' | 'corrupt';
  /** The size in bytes of the file, or of the prepared image when preparing it made it too large. */
  size: number;
}

const extensions: Record<ImageType, ImageExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const encodeQuality = 0.9;
/** Enough bytes for every signature sniffImageType knows (WebP's ends at byte 12). */
const sniffLength = 16;

/** Checks, orients, downsizes and strips metadata from an image the user picked, so what is uploaded is safe and small. */
export async function prepareImage(file: Blob): Promise<PreparedImage | ImageProblem> {
  const size = file.size;
  if (size === 0) return { problem: 'empty', size };
  const head = await readBytes(file.slice(0, sniffLength));
  if (!head) return { problem: 'corrupt', size };
  const type = sniffImageType(head);
  if (!type) return { problem: 'not-an-image', size };
  if (size > maxImageBytes) return { problem: 'too-large', size };
  const bytes = await readBytes(file);
  const prepared = bytes && (await prepareBytes(bytes, type));
  if (!prepared) return { problem: 'corrupt', size };
  const preparedSize = prepared.blob.size;
  return preparedSize > maxImageBytes ? { problem: 'too-large', size: preparedSize } : prepared;
}

/** The size that fits `maxSide` on both sides with the same aspect ratio; unchanged when it already fits. */
export function scaledSize(width: number, height: number, maxSide = maxImageSide): ImageSize {
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width, height };
  const shorter = (side: number): number => Math.max(1, Math.round((side * maxSide) / longer));
  return width >= height
    ? { width: maxSide, height: shorter(height) }
    : { width: shorter(width), height: maxSide };
}

/** Decodes the image (refusing what the browser cannot read), then keeps or redraws it; null when it is corrupt. */
async function prepareBytes(bytes: Uint8Array<ArrayBuffer>, type: ImageType): Promise<PreparedImage | null> {
  const bitmap = await decodeImage(new Blob([bytes], { type }));
  if (!bitmap) return null;
  try {
    const target = scaledSize(bitmap.width, bitmap.height);
    const resized = target.width !== bitmap.width || target.height !== bitmap.height;
    // Stripping EXIF would lose its rotation, so a turned photo is redrawn upright (which drops the metadata too).
    const stripped = resized || exifOrientation(bytes, type) !== 1 ? null : tryStripMetadata(bytes, type);
    if (stripped) return prepared(new Blob([stripped], { type }), type, target);
    return await redraw(bitmap, target, type);
  } finally {
    bitmap.close();
  }
}

/** Decodes with EXIF orientation applied, so the bitmap's size is the size the image is shown at; null if it cannot. */
export async function decodeImage(blob: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

/** Redraws the bitmap at `size` in the same format (GIF as PNG: canvases cannot encode GIF); null if encoding fails. */
async function redraw(bitmap: ImageBitmap, size: ImageSize, type: ImageType): Promise<PreparedImage | null> {
  const blob = await drawAndEncode(bitmap, size, type === 'image/gif' ? 'image/png' : type);
  // A browser that cannot encode the format (Safari and WebP) falls back to PNG: report what it really made.
  const made = blob ? acceptedImageTypes.find((accepted) => accepted === blob.type) : undefined;
  return blob && made ? prepared(blob, made, size) : null;
}

/** Draws on an OffscreenCanvas where there is one (no DOM needed), else on a `<canvas>`, and encodes the result. */
async function drawAndEncode(bitmap: ImageBitmap, size: ImageSize, type: ImageType): Promise<Blob | null> {
  try {
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(size.width, size.height);
      return draw(canvas.getContext('2d'), bitmap, size)
        ? await canvas.convertToBlob({ type, quality: encodeQuality })
        : null;
    }
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    if (!draw(canvas.getContext('2d'), bitmap, size)) return null;
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, encodeQuality));
  } catch {
    return null;
  }
}

/** Draws the whole bitmap scaled to `size` with the best smoothing; false when there is no 2D context. */
function draw(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  size: ImageSize,
): boolean {
  if (!context) return false;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return true;
}

/** Reads a blob's bytes; null when the browser cannot (a file deleted or changed since it was picked). */
async function readBytes(blob: Blob): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return new Uint8Array(await blob.arrayBuffer());
  } catch {
    return null;
  }
}

function prepared(blob: Blob, type: ImageType, size: ImageSize): PreparedImage {
  return { blob, type, width: size.width, height: size.height, extension: extensions[type] };
}
