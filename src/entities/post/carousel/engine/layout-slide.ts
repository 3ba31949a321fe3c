import type { CarouselFonts } from './carousel-fonts';
import { pageSizes, type CarouselFormat } from './carousel-limits';
import type { Slide } from './carousel-schema';
import { layoutText, type TextBlock } from './layout-text';
import { avatarElements, body, closingParts, heading, margin, type StackPart } from './layout-author';
import { placeText, type SlideElement } from './slide-elements';

const numberSize = 28;
const contentTop = margin + 90;
const footerAvatar = 72;
const footerGap = 56;
const headingBodyGap = 36;

/**
 * Font sizes tried from largest to smallest, heading and body together: the first step where the
 * slide's text fits is used. Below the last step nothing shrinks: the slide overflows.
 */
export const sizeSteps = {
  hook: { heading: [104, 96, 88, 80, 72, 64, 56, 48, 44], body: [42, 40, 38, 36, 34, 32, 30, 28, 26] },
  idea: { heading: [76, 72, 64, 60, 56, 52, 48, 44, 40], body: [42, 40, 38, 36, 34, 32, 30, 28, 26] },
  closing: { heading: [76, 72, 64, 60, 56, 52, 48, 44, 40], body: [40, 38, 36, 34, 32, 30, 28, 26, 26] },
} as const;

export interface SlideInput {
  slide: Slide;
  index: number;
  total: number;
  format: CarouselFormat;
  authorName: string;
  hasPhoto: boolean;
}

export interface LaidSlide {
  elements: SlideElement[];
  /** The content does not fit even at the smallest step (or the author's name not in two lines). */
  overflow: 'content' | 'author' | null;
  headingSize: number;
  bodySize: number;
  missing: string[];
}

interface Stack {
  height: number;
  overfull: boolean;
  place: (top: number) => SlideElement[];
  blocks: TextBlock[];
}

/** Heading, body and (closing slide) the author and the call to action, stacked; not placed yet. */
function contentStack(
  input: SlideInput,
  step: number,
  width: number,
  breakWords: boolean,
  fonts: CarouselFonts,
): Stack {
  const { slide } = input;
  const steps = sizeSteps[slide.kind];
  const last = steps.heading.length - 1;
  const headingBlock = layoutText(
    slide.heading,
    heading(steps.heading[Math.min(step, last)] as number, width, breakWords),
    fonts,
  );
  const bodyBlock = layoutText(
    slide.body,
    body(steps.body[Math.min(step, last)] as number, width, breakWords),
    fonts,
  );
  const parts: StackPart[] = [];
  const text = (block: TextBlock, role: 'heading' | 'body', gapBefore: number) => {
    if (block.lineCount > 0)
      parts.push({
        height: block.height,
        gapBefore,
        place: (top) => [placeText(block, role, 'text', { left: margin, top, width })],
      });
  };
  text(headingBlock, 'heading', 0);
  text(bodyBlock, 'body', headingBodyGap);
  const blocks = [headingBlock, bodyBlock];
  if (slide.kind === 'closing') {
    const closing = closingParts(slide, input, width, breakWords, fonts);
    parts.push(...closing.parts);
    blocks.push(...closing.blocks);
  }
  let height = 0;
  parts.forEach((part, index) => (height += part.height + (index > 0 ? part.gapBefore : 0)));
  return {
    height,
    overfull: blocks.some((block) => block.overfull),
    blocks,
    place: (top) => {
      let y = top;
      return parts.flatMap((part, index) => {
        if (index > 0) y += part.gapBefore;
        const placed = part.place(y);
        y += part.height;
        return placed;
      });
    },
  };
}

/**
 * Lays one slide out: the accent bar and "3/8" at the top, the author's avatar and name at the
 * bottom (the closing slide shows them large instead), and the text between them at the largest
 * step that fits; never cuts text: what cannot fit is reported as an overflow.
 */
export function layoutSlide(input: SlideInput, fonts: CarouselFonts): LaidSlide {
  const { width: pageWidth, height: pageHeight } = pageSizes[input.format];
  const width = pageWidth - 2 * margin;
  const elements: SlideElement[] = [
    { type: 'rect', x: margin, y: margin, width: 72, height: 10, radius: 5, color: 'accent' },
  ];
  const number = layoutText(`${input.index + 1}/${input.total}`, body(numberSize, width, false), fonts);
  elements.push(
    placeText(number, 'number', 'muted', {
      left: margin,
      top: margin + 5 - number.height / 2,
      width,
      align: 'right',
    }),
  );
  const blocks: TextBlock[] = [number];

  let authorOverflow = false;
  const hasFooter = input.slide.kind !== 'closing' && (input.hasPhoto || input.authorName.trim() !== '');
  let contentBottom = pageHeight - margin;
  if (hasFooter) {
    const top = pageHeight - margin - footerAvatar;
    contentBottom = top - footerGap;
    elements.push(...avatarElements(margin, top, footerAvatar, input, input.authorName, fonts));
    let swipeWidth = 0;
    if (input.slide.kind === 'hook') {
      const swipe = layoutText('Swipe →', body(26, width, false), fonts);
      swipeWidth = swipe.width + 24;
      elements.push(
        placeText(swipe, 'swipe', 'muted', {
          left: margin,
          top: top + (footerAvatar - swipe.height) / 2,
          width,
          align: 'right',
        }),
      );
    }
    const nameLeft = margin + footerAvatar + 20;
    const nameWidth = width - footerAvatar - 20 - swipeWidth;
    let name = layoutText(input.authorName, { ...heading(28, nameWidth, true), lineHeight: 1.2 }, fonts);
    for (const size of [24, 20])
      if (name.lineCount > 1)
        name = layoutText(input.authorName, { ...heading(size, nameWidth, true), lineHeight: 1.2 }, fonts);
    authorOverflow = name.lineCount > 2;
    elements.push(
      placeText(name, 'name', 'text', {
        left: nameLeft,
        top: top + (footerAvatar - name.height) / 2,
        width: nameWidth,
      }),
    );
    blocks.push(name);
  }

  const available = contentBottom - contentTop;
  const steps = sizeSteps[input.slide.kind].heading.length;
  let chosen: { stack: Stack; step: number; fits: boolean } | null = null;
  for (const breakWords of [false, true]) {
    for (let step = 0; step < steps && !chosen; step += 1) {
      const stack = contentStack(input, step, width, breakWords, fonts);
      if (stack.height <= available && !stack.overfull) chosen = { stack, step, fits: true };
    }
  }
  chosen ??= { stack: contentStack(input, steps - 1, width, true, fonts), step: steps - 1, fits: false };
  const { stack, step, fits } = chosen;
  const top = fits ? contentTop + (available - stack.height) / 2 : contentTop;
  elements.push(...stack.place(top));
  blocks.push(...stack.blocks);

  return {
    elements,
    overflow: !fits ? 'content' : authorOverflow ? 'author' : null,
    headingSize: sizeSteps[input.slide.kind].heading[step] as number,
    bodySize: sizeSteps[input.slide.kind].body[step] as number,
    missing: [...new Set(blocks.flatMap((block) => block.missing))],
  };
}

export { margin } from './layout-author';
