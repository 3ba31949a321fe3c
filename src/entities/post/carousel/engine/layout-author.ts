import type { CarouselFonts } from './carousel-fonts';
import type { ClosingSlide } from './carousel-schema';
import { layoutText, type TextBlock, type TextStyle } from './layout-text';
import { initialsOf } from './photo-kind';
import { placeText, type SlideElement } from './slide-elements';

/** Page geometry in points (one per pixel of 1080 × 1350 or 1080 × 1080). */
export const margin = 90;

/** Who the slides are by: the footer's avatar and the closing slide's author block. */
export interface AuthorInput {
  authorName: string;
  hasPhoto: boolean;
}

/** A block of a slide's content stack, placed once its top is known. */
export interface StackPart {
  height: number;
  gapBefore: number;
  place: (top: number) => SlideElement[];
}

export const heading = (size: number, maxWidth: number, breakWords: boolean): TextStyle => ({
  weight: 'bold',
  size,
  lineHeight: 1.12,
  maxWidth,
  breakWords,
});
export const body = (size: number, maxWidth: number, breakWords: boolean): TextStyle => ({
  weight: 'regular',
  size,
  lineHeight: 1.4,
  maxWidth,
  breakWords,
});

/** The closing slide's author (avatar, name, headline) and call-to-action pill, below its text. */
export function closingParts(
  slide: ClosingSlide,
  input: AuthorInput,
  width: number,
  breakWords: boolean,
  fonts: CarouselFonts,
): { parts: StackPart[]; blocks: TextBlock[] } {
  const parts: StackPart[] = [];
  const avatar = 120;
  const textWidth = width - avatar - 32;
  const name = layoutText(
    slide.authorName,
    { ...heading(36, textWidth, breakWords), lineHeight: 1.2 },
    fonts,
  );
  const headline = layoutText(slide.headline, { ...body(28, textWidth, breakWords), lineHeight: 1.3 }, fonts);
  const textHeight = name.height + (headline.lineCount > 0 ? 8 + headline.height : 0);
  const showAvatar = input.hasPhoto || initialsOf(slide.authorName || input.authorName) !== '';
  if (showAvatar || textHeight > 0) {
    const height = Math.max(showAvatar ? avatar : 0, textHeight);
    parts.push({
      height,
      gapBefore: 56,
      place: (top) => {
        const left = showAvatar ? margin + avatar + 32 : margin;
        const textTop = top + (height - textHeight) / 2;
        const elements: SlideElement[] = [];
        if (showAvatar)
          elements.push(
            ...avatarElements(margin, top + (height - avatar) / 2, avatar, input, slide.authorName, fonts),
          );
        elements.push(placeText(name, 'name', 'text', { left, top: textTop, width: textWidth }));
        elements.push(
          placeText(headline, 'headline', 'muted', {
            left,
            top: textTop + name.height + 8,
            width: textWidth,
          }),
        );
        return elements;
      },
    });
  }
  const padX = 40;
  const padY = 22;
  const cta = layoutText(
    slide.callToAction,
    { ...heading(32, width - 2 * padX, breakWords), lineHeight: 1.25 },
    fonts,
  );
  if (cta.lineCount > 0) {
    const pillHeight = cta.height + 2 * padY;
    parts.push({
      height: pillHeight,
      gapBefore: 48,
      place: (top) => {
        const pillWidth = cta.width + 2 * padX;
        return [
          {
            type: 'rect',
            x: margin,
            y: top,
            width: pillWidth,
            height: pillHeight,
            radius: Math.min(pillHeight / 2, 40),
            color: 'badge',
          },
          placeText(cta, 'cta', 'badgeText', { left: margin + padX, top: top + padY, width: cta.width }),
        ];
      },
    });
  }
  return { parts, blocks: [name, headline, cta] };
}

export function avatarElements(
  left: number,
  top: number,
  size: number,
  input: AuthorInput,
  name: string,
  fonts: CarouselFonts,
): SlideElement[] {
  const radius = size / 2;
  const avatar: SlideElement = {
    type: 'avatar',
    cx: left + radius,
    cy: top + radius,
    radius,
    photo: input.hasPhoto,
  };
  if (input.hasPhoto) return [avatar];
  const initials = layoutText(
    initialsOf(name || input.authorName),
    { ...heading(size * 0.4, size, true), lineHeight: 1 },
    fonts,
  );
  const initialsTop = top + (size - initials.height) / 2;
  return [
    avatar,
    placeText(initials, 'initials', 'badgeText', { left, top: initialsTop, width: size, align: 'center' }),
  ];
}
