/**
 * Each stored post image (`<user id>/<random>.<ext>`, the original) may have a display rendition
 * beside it, `<user id>/<random>.<ext>.display`: at most 1,200 px on a side and about 300 kB, what
 * lists, the calendar and previews show (docs/decisions/025). Publishing and "Download image" use
 * the original. The suffix says nothing of the format (WebP where the browser can encode it, else
 * JPEG; the stored Content-Type says which), so finding a rendition needs no lookup.
 */
const renditionSuffix = '.display';

export function isRenditionPath(path: string): boolean {
  return path.endsWith(renditionSuffix);
}

/**
 * The rendition's name for an original; null for a rendition itself and for a GIF, which is shown
 * as it is (a redrawn GIF would lose its animation).
 */
export function renditionPath(original: string): string | null {
  if (isRenditionPath(original) || /\.gif$/i.test(original)) return null;
  return `${original}${renditionSuffix}`;
}

/** The original a rendition belongs to; null when `path` is not a rendition. */
export function originalOfRendition(path: string): string | null {
  return isRenditionPath(path) ? path.slice(0, -renditionSuffix.length) : null;
}

/** The names to remove with these originals: each one and its rendition (renditions given are kept as they are). */
export function withRenditions(paths: readonly string[]): string[] {
  const names = new Set<string>();
  for (const path of paths) {
    names.add(path);
    const rendition = renditionPath(path);
    if (rendition) names.add(rendition);
  }
  return [...names];
}
