import type { Page } from 'playwright-core';

/**
 * A photo-like JPEG of `width` × `height`, drawn in the page: noise on a gradient, which does not
 * compress, so a few thousand pixels a side make megabytes, as a phone's photo does.
 */
export async function drawPhoto(page: Page, width: number, height: number, quality = 0.85): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ width, height, quality }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(width, height);
      for (let index = 0; index < pixels.data.length; index += 4) {
        const shade = (index / 4) % width;
        pixels.data[index] = (shade + Math.random() * 60) & 255;
        pixels.data[index + 1] = (shade / 2 + Math.random() * 60) & 255;
        pixels.data[index + 2] = Math.random() * 255;
        pixels.data[index + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      return [...new Uint8Array(await blob.arrayBuffer())];
    },
    { width, height, quality },
  );
  return Buffer.from(bytes);
}
