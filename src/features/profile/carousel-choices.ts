import { checkedText } from '@/lib/supabase/database-types';

/**
 * The "Carousels" part of Settings (issue 29, docs/product.md §11): the carousel's design choices in
 * the order shown, and the house defaults a profile falls back on when its carousel columns are null
 * (the carousel editor, src/entities/post/carousel, has the same names, labels and defaults).
 */

/** What profiles.carousel_theme and carousel_format may hold (the database checks the same values). */
export const carouselThemeNames = ['light', 'dark', 'brand'] as const;
export type CarouselThemeChoice = (typeof carouselThemeNames)[number];

export const carouselFormatNames = ['4:5', 'square'] as const;
export type CarouselFormatChoice = (typeof carouselFormatNames)[number];

/** The profile's carousel columns, typed (null: nothing chosen, the house default applies). */
export function carouselChoicesOf(
  profile: { carousel_theme: string | null; carousel_format: string | null } | null | undefined,
): { theme: CarouselThemeChoice | null; format: CarouselFormatChoice | null } {
  const theme = profile?.carousel_theme ?? null;
  const format = profile?.carousel_format ?? null;
  return {
    theme: theme === null ? null : checkedText(carouselThemeNames, theme, 'profiles.carousel_theme'),
    format: format === null ? null : checkedText(carouselFormatNames, format, 'profiles.carousel_format'),
  };
}

export const carouselThemeOptions: { value: CarouselThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'brand', label: 'Brand colour' },
];

export const carouselFormatOptions: { value: CarouselFormatChoice; label: string }[] = [
  { value: '4:5', label: 'Portrait 4:5' },
  { value: 'square', label: 'Square' },
];

export const houseCarouselTheme: CarouselThemeChoice = 'light';
export const houseCarouselFormat: CarouselFormatChoice = '4:5';
/** The brand theme's colour until the author sets one in Settings (LinkedIn's blue). */
export const houseBrandColor = '#0a66c2';

export const invalidBrandColorMessage =
  'That is not a colour we can use. Write it as # and six digits or letters a to f, like #0a66c2, or pick it with the colour swatch.';

/**
 * A brand colour as typed: '' (no colour: the house blue) stays '', `#rrggbb`, `rrggbb` and the short
 * `#rgb` become `#rrggbb` in lower case; anything else is null (not a colour).
 */
export function normalizeBrandColor(typed: string): string | null {
  const value = typed.trim().toLowerCase();
  if (value === '') return '';
  const hex = value.startsWith('#') ? value.slice(1) : value;
  if (/^[0-9a-f]{6}$/.test(hex)) return `#${hex}`;
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((digit) => digit + digit).join('')}`;
  return null;
}
