import { describe, expect, it } from 'vitest';
import { isRenditionPath, originalOfRendition, renditionPath, withRenditions } from './rendition-path';

const user = '5f0c2c1e-0000-4000-8000-000000000001';

describe('display rendition names', () => {
  it('puts the rendition beside its original, whatever the original’s format', () => {
    expect(renditionPath(`${user}/a.jpg`)).toBe(`${user}/a.jpg.display`);
    expect(renditionPath(`${user}/b.png`)).toBe(`${user}/b.png.display`);
    expect(renditionPath(`${user}/c.webp`)).toBe(`${user}/c.webp.display`);
  });

  it('gives a GIF none (it is shown as it is, animated) and a rendition none of its own', () => {
    expect(renditionPath(`${user}/d.gif`)).toBeNull();
    expect(renditionPath(`${user}/D.GIF`)).toBeNull();
    expect(renditionPath(`${user}/a.jpg.display`)).toBeNull();
  });

  it('finds a rendition’s original, and no original for an original', () => {
    expect(isRenditionPath(`${user}/a.jpg.display`)).toBe(true);
    expect(isRenditionPath(`${user}/a.jpg`)).toBe(false);
    expect(originalOfRendition(`${user}/a.jpg.display`)).toBe(`${user}/a.jpg`);
    expect(originalOfRendition(`${user}/a.jpg`)).toBeNull();
  });

  it('removes each original with its rendition, each name once', () => {
    expect(
      withRenditions([`${user}/a.jpg`, `${user}/a.jpg.display`, `${user}/d.gif`, `${user}/a.jpg`]),
    ).toEqual([`${user}/a.jpg`, `${user}/a.jpg.display`, `${user}/d.gif`]);
    expect(withRenditions([])).toEqual([]);
  });
});
