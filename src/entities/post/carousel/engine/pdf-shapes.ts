import {
  appendBezierCurve,
  clip,
  closePath,
  endPath,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';

/** How far a cubic Bézier's control points sit to draw a quarter circle. */
const kappa = 0.5522847498;

/** An SVG path of a rectangle with rounded corners, from its top-left corner (pdf-lib's drawSvgPath). */
export function roundedRectPath(width: number, height: number, radius: number): string {
  const r = Math.min(radius, width / 2, height / 2);
  return [
    `M ${r} 0`,
    `H ${width - r}`,
    `A ${r} ${r} 0 0 1 ${width} ${r}`,
    `V ${height - r}`,
    `A ${r} ${r} 0 0 1 ${width - r} ${height}`,
    `H ${r}`,
    `A ${r} ${r} 0 0 1 0 ${height - r}`,
    `V ${r}`,
    `A ${r} ${r} 0 0 1 ${r} 0`,
    'Z',
  ].join(' ');
}

/**
 * Draws an image cropped to a circle (centre in PDF coordinates, y up), scaled to cover it and
 * centred, as profile photos are shown.
 */
export function drawImageInCircle(
  page: PDFPage,
  image: PDFImage,
  cx: number,
  cy: number,
  radius: number,
): void {
  const k = kappa * radius;
  page.pushOperators(
    pushGraphicsState(),
    moveTo(cx + radius, cy),
    appendBezierCurve(cx + radius, cy + k, cx + k, cy + radius, cx, cy + radius),
    appendBezierCurve(cx - k, cy + radius, cx - radius, cy + k, cx - radius, cy),
    appendBezierCurve(cx - radius, cy - k, cx - k, cy - radius, cx, cy - radius),
    appendBezierCurve(cx + k, cy - radius, cx + radius, cy - k, cx + radius, cy),
    closePath(),
    clip(),
    endPath(),
  );
  const scale = (2 * radius) / Math.min(image.width, image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: cx - width / 2, y: cy - height / 2, width, height });
  page.pushOperators(popGraphicsState());
}
