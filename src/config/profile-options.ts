/** The choices of docs/product.md §16: writing styles, roles and languages, in the order shown. */

export const writingStyles = [
  'Professional and formal',
  'Casual and conversational',
  'Technical and detailed',
  'Inspirational and motivational',
  'Story-driven and narrative',
] as const;

export const roles = [
  'Software Engineer',
  'Product Manager',
  'Marketing Professional',
  'Sales Executive',
  'Business Development',
  'Startup Founder',
  'Data Scientist',
  'UX Designer',
  'Content Creator',
  'Other',
] as const;

export type LanguagePreference = 'en-US' | 'en-GB';

export const languages: { value: LanguagePreference; label: string }[] = [
  { value: 'en-US', label: 'American English' },
  { value: 'en-GB', label: 'British English' },
];

/** How many emoji a generated post may have; the database checks the same three values. */
export type EmojiLevel = 'none' | 'few' | 'any';

export const emojiLevels: { value: EmojiLevel; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'few', label: 'A few' },
  { value: 'any', label: 'As I like' },
];

/** The post preferences' defaults and bounds, as in supabase/migrations. */
export const postPreferenceDefaults = {
  emoji_level: 'few',
  max_hashtags: 3,
  end_with_question: false,
} as const satisfies { emoji_level: EmojiLevel; max_hashtags: number; end_with_question: boolean };

export const maxHashtagsLimit = 5;

/** Length limits, matching the checks in supabase/migrations. */
export const profileLimits = {
  full_name: 120,
  company: 120,
  industry: 120,
  website: 2048,
  about_me: 4000,
} as const;

const filled = (value: string | null | undefined): string | null =>
  value && value.trim() !== '' ? value.trim() : null;

/**
 * Who a post or a piece of research is for, with the product's fallbacks (docs/product.md §13.4):
 * the industry, else the company, else "Technology"; the role, else "Professional".
 */
export function audienceOf(profile: {
  industry?: string | null;
  company?: string | null;
  role?: string | null;
}): { industry: string; role: string } {
  return {
    industry: filled(profile.industry) ?? filled(profile.company) ?? 'Technology',
    role: filled(profile.role) ?? 'Professional',
  };
}
