import { useEffect } from 'react';
import type { FontKey } from '../engine/carousel-fonts';
import { fontUrls } from '../engine/carousel-font-urls';
import type { CarouselTheme } from '../engine/carousel-themes';
import type { Rgb } from '../engine/color-contrast';
import type { SlideLayout } from '../engine/layout-carousel';
import { slideText } from '../engine/slide-elements';

/**
 * One slide drawn from the worker's layout (the elements the PDF draws, line by line, in the same
 * TTF files loaded as web fonts), so the preview shows the lines, sizes and breaks of the PDF.
 */
const fontFaces: Record<FontKey, { family: string; weight: number }> = {
  'inter-regular': { family: 'Carousel Inter', weight: 400 },
  'inter-bold': { family: 'Carousel Inter', weight: 700 },
  'dejavu-regular': { family: 'Carousel DejaVu', weight: 400 },
  'dejavu-bold': { family: 'Carousel DejaVu', weight: 700 },
};

let fontsAdded = false;

/**
 * Adds the carousel's fonts to the page once (through the FontFace API, which the page's style
 * policy does not restrict); the browser fetches each only when a slide uses it.
 */
function useCarouselFontFaces(): void {
  useEffect(() => {
    if (fontsAdded || typeof FontFace === 'undefined') return;
    fontsAdded = true;
    for (const key of Object.keys(fontFaces) as FontKey[]) {
      const { family, weight } = fontFaces[key];
      document.fonts.add(
        new FontFace(family, `url("${fontUrls[key]}")`, { weight: String(weight), display: 'block' }),
      );
    }
  }, []);
}

const css = ({ r, g, b }: Rgb) => `rgb(${r} ${g} ${b})`;

interface SlideSvgProps {
  slide: SlideLayout;
  theme: CarouselTheme;
  /** "Slide 2 of 8" for the accessible name. */
  label: string;
}

export function SlideSvg({ slide, theme, label }: SlideSvgProps) {
  useCarouselFontFaces();
  return (
    <svg
      role="img"
      aria-label={`${label}: ${slideText(slide.elements).join(' ')}`}
      viewBox={`0 0 ${slide.width} ${slide.height}`}
      className="block h-auto w-full select-none"
      style={{ fontKerning: 'none' }}
    >
      <rect x={0} y={0} width={slide.width} height={slide.height} fill={css(theme.background)} />
      {slide.elements.map((element, index) => {
        if (element.type === 'rect')
          return (
            <rect
              key={index}
              x={element.x}
              y={element.y}
              width={element.width}
              height={element.height}
              rx={element.radius}
              fill={css(theme[element.color])}
            />
          );
        if (element.type === 'avatar')
          return (
            <circle key={index} cx={element.cx} cy={element.cy} r={element.radius} fill={css(theme.badge)} />
          );
        return element.lines.flatMap((line, lineIndex) =>
          line.runs.map((run, runIndex) => (
            <text
              key={`${index}-${lineIndex}-${runIndex}`}
              x={run.x}
              y={line.baseline}
              fontFamily={`"${fontFaces[run.font].family}", sans-serif`}
              fontWeight={fontFaces[run.font].weight}
              fontSize={element.size}
              fill={css(theme[element.color])}
              textLength={run.width > 0 ? run.width : undefined}
              xmlSpace="preserve"
            >
              {run.text}
            </text>
          )),
        );
      })}
    </svg>
  );
}
