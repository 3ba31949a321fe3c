import { resolveModel, type AiEngine, type ModelCatalog } from '@shared/model-catalog';
import {
  carouselChoicesOf,
  houseCarouselFormat,
  houseCarouselTheme,
  normalizeBrandColor,
  type CarouselFormatChoice,
  type CarouselThemeChoice,
} from './carousel-choices';
import { roles, writingStyles } from '@/config/profile-options';
import type { Profile } from '@/lib/supabase/database-types';
import { normalizeWebsite } from '@/lib/validation/normalize-website';
import { choicesOf, columnsOf, type WritingRuleChoices } from '@/lib/writing-rules/writing-rules';

/** Settings' profile form as typed (docs/product.md §11). */
export type SettingsForm = {
  full_name: string;
  company: string;
  website: string;
  industry: string;
  about_me: string;
  writing_style: string;
  role: string;
  ai_engine: AiEngine;
  ai_model: string;
  /** The writing rules the author chose; a rule left out (or null) follows their posts. */
  rules: WritingRuleChoices;
  /** The brand colour as typed ('' for none: LinkedIn's blue); saved as `#rrggbb`. */
  brand_color: string;
  /** What a new carousel starts with. */
  carousel_theme: CarouselThemeChoice;
  carousel_format: CarouselFormatChoice;
};

export function formFrom(profile: Profile | null): SettingsForm {
  const carousel = carouselChoicesOf(profile);
  return {
    full_name: profile?.full_name ?? '',
    company: profile?.company ?? '',
    website: profile?.website ?? '',
    industry: profile?.industry ?? '',
    about_me: profile?.about_me ?? '',
    writing_style: profile?.writing_style ?? writingStyles[0],
    role: profile?.role ?? roles[0],
    ai_engine: profile?.ai_engine ?? 'groq',
    ai_model: profile?.ai_model ?? '',
    rules: profile ? choicesOf(profile) : {},
    brand_color: profile?.brand_color ?? '',
    carousel_theme: carousel.theme ?? houseCarouselTheme,
    carousel_format: carousel.format ?? houseCarouselFormat,
  };
}

/**
 * The engine and model shown and saved: the form's, moved off a retired or unknown model with
 * the catalog. Null until the AI service has sent the catalog (the catalog can arrive after the
 * form, so this is worked out at each render rather than stored).
 */
export function engineAndModel(
  form: SettingsForm,
  catalog: ModelCatalog | null,
): { engine: AiEngine; model: string } | null {
  return catalog ? resolveModel(catalog, form.ai_engine, form.ai_model || null) : null;
}

/**
 * What saving the form would store, as one comparable string: names trimmed and the website
 * normalised as "Save Changes" does, the model as shown. Two forms with the same key save the same
 * profile, so a difference is an unsaved change (a space after a name is not one).
 */
export function savedFormKey(form: SettingsForm, catalog: ModelCatalog | null): string {
  const shown = engineAndModel(form, catalog);
  return JSON.stringify({
    ...form,
    full_name: form.full_name.trim(),
    company: form.company.trim(),
    industry: form.industry.trim(),
    website: normalizeWebsite(form.website) ?? form.website,
    ai_engine: shown?.engine ?? form.ai_engine,
    ai_model: shown?.model ?? form.ai_model,
    // "Follow my posts" is null whether the rule was never chosen or set back.
    rules: columnsOf(form.rules),
    brand_color: normalizeBrandColor(form.brand_color) ?? form.brand_color,
  });
}
