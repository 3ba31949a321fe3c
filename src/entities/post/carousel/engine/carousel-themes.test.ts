import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brandTheme,
  carouselTheme,
  darkTheme,
  lightTheme,
  minTextContrast,
  textPairs,
} from './carousel-themes';
import { contrastRatio, parseHex, toHex } from './color-contrast';

const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => toHex({ r, g, b }));

function lowestContrast(theme: ReturnType<typeof carouselTheme>) {
  return Math.min(...textPairs(theme).map((pair) => contrastRatio(pair.text, pair.background)));
}

describe('WCAG contrast', () => {
  it('computes the known ratios', () => {
    expect(contrastRatio(parseHex('#000'), parseHex('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex('#fff'), parseHex('#fff'))).toBe(1);
    // WebAIM's contrast checker: #767676 on white is 4.54:1.
    expect(contrastRatio(parseHex('#767676'), parseHex('#ffffff'))).toBeCloseTo(4.54, 2);
  });

  it.each([lightTheme, darkTheme])(
    'every text colour of the $name theme is at least 4.5:1 on its background',
    (theme) => {
      for (const pair of textPairs(theme)) {
        expect(
          contrastRatio(pair.text, pair.background),
          `${theme.name} ${pair.name}`,
        ).toBeGreaterThanOrEqual(minTextContrast);
      }
    },
  );

  it.each([
    '#0a66c2',
    '#777777',
    '#767676',
    '#808080',
    '#ffcc00',
    '#e11d48',
    '#16a34a',
    '#000000',
    '#ffffff',
    '#7f7f7f',
  ])('the brand theme on %s keeps every text colour at 4.5:1 or more', (brand) => {
    expect(lowestContrast(brandTheme(brand))).toBeGreaterThanOrEqual(minTextContrast);
  });

  it('the brand theme keeps 4.5:1 for any brand colour', () => {
    fc.assert(
      fc.property(hexColor, (brand) => {
        const theme = carouselTheme('brand', brand);
        expect(toHex(theme.background)).toBe(brand);
        expect(lowestContrast(theme)).toBeGreaterThanOrEqual(minTextContrast);
      }),
      { numRuns: 2000 },
    );
  });

  it('the brand theme picks dark text on light brands and light text on dark ones', () => {
    expect(toHex(brandTheme('#ffcc00').text)).toBe('#000000');
    expect(toHex(brandTheme('#0a3d91').text)).toBe('#ffffff');
  });

  it('reads #rgb and #rrggbb and refuses anything else', () => {
    expect(parseHex('#0AF')).toEqual({ r: 0, g: 170, b: 255 });
    expect(() => parseHex('blue')).toThrow();
    expect(() => carouselTheme('brand')).toThrow();
  });
});
