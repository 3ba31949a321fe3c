import type { FontKey } from './carousel-fonts';
import type { TextBlock } from './layout-text';

/** Which colour of the theme an element is painted in (carousel-themes.ts). */
export type ThemeColor = 'background' | 'text' | 'muted' | 'accent' | 'badge' | 'badgeText';

export type TextRole = 'heading' | 'body' | 'number' | 'name' | 'headline' | 'cta' | 'initials' | 'swipe';

/** A line at its place on the page: points from the page's top-left corner, y down. */
export interface PlacedLine {
  x: number;
  baseline: number;
  width: number;
  runs: { font: FontKey; text: string; x: number; width: number }[];
}

export type SlideElement =
  | { type: 'rect'; x: number; y: number; width: number; height: number; radius: number; color: ThemeColor }
  | { type: 'text'; role: TextRole; size: number; color: ThemeColor; lines: PlacedLine[] }
  /** The author's photo in a circle (drawn from design.author.photo), or a badge circle with initials. */
  | { type: 'avatar'; cx: number; cy: number; radius: number; photo: boolean };

export type Align = 'left' | 'center' | 'right';

/** Puts a laid-out block at `left`/`top` in a box `boxWidth` wide, each line aligned in it. */
export function placeText(
  block: TextBlock,
  role: TextRole,
  color: ThemeColor,
  box: { left: number; top: number; width: number; align?: Align },
): Extract<SlideElement, { type: 'text' }> {
  const offset = (width: number) =>
    box.align === 'right' ? box.width - width : box.align === 'center' ? (box.width - width) / 2 : 0;
  return {
    type: 'text',
    role,
    size: block.size,
    color,
    lines: block.lines.map((line) => {
      const x = box.left + offset(line.width);
      return {
        x,
        baseline: box.top + line.baseline,
        width: line.width,
        runs: line.runs.map((run) => ({ ...run, x: x + run.x })),
      };
    }),
  };
}

/** The text a slide shows, line by line, in reading order (for tests and accessible previews). */
export function slideText(elements: readonly SlideElement[]): string[] {
  return elements.flatMap((element) =>
    element.type === 'text' ? element.lines.map((line) => line.runs.map((run) => run.text).join('')) : [],
  );
}
