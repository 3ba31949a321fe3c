import { audienceOf, writingStyles, type LanguagePreference } from '@/config/profile-options';

/** docs/product.md §13.4 generator inputs (the profile's fields plus the topic). */
export interface PostPromptInput {
  topic: string;
  full_name?: string | null;
  company?: string | null;
  website?: string | null;
  about_me?: string | null;
  industry?: string | null;
  writing_style?: string | null;
  role?: string | null;
  language_preference?: LanguagePreference | null;
}

export const maxPostWords = 250;

const has = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The product's fallbacks (docs/product.md §13.4): industry → company → "Technology"; role → "Professional". */
export function effectiveIndustry(input: Pick<PostPromptInput, 'industry' | 'company'>): string {
  return audienceOf(input).industry;
}

export function effectiveRole(input: Pick<PostPromptInput, 'role'>): string {
  return audienceOf(input).role;
}

const spelling: Record<LanguagePreference, string> = {
  'en-GB':
    'British English (UK spelling and vocabulary: "organise", "colour", "programme", "whilst" is fine)',
  'en-US': 'American English (US spelling and vocabulary: "organize", "color", "program")',
};

/** The system and user messages that make a post sound like its author, not like an AI. */
export function buildPostPrompt(input: PostPromptInput): { system: string; user: string } {
  const language = spelling[input.language_preference ?? 'en-US'];
  const style = has(input.writing_style) ? input.writing_style.trim() : writingStyles[0];
  const author = has(input.full_name) ? input.full_name.trim() : 'the author';
  const system = [
    `You are a ghostwriter who drafts LinkedIn posts in the author's own voice. Write as ${author}, in the first person.`,
    `Write in ${language}.`,
    `Keep the post under ${maxPostWords} words.`,
    'Open with a short hook line, use short paragraphs separated by blank lines, and end with a question or a clear call to action.',
    'Sound like a real professional: concrete, specific, no clichés ("in today\'s fast-paced world", "game-changer"), no invented statistics or quotes.',
    'Plain text only: no markdown, no headings, no bold. At most three relevant hashtags, on the last line. Emojis only if they fit the style, at most two.',
    'Reply with the post text only, with no preamble and no notes.',
  ].join('\n');
  const details = [
    `Role: ${effectiveRole(input)}${has(input.company) ? ` at ${input.company.trim()}` : ''}`,
    `Industry: ${effectiveIndustry(input)}`,
    has(input.website) ? `Website: ${input.website.trim()}` : null,
    has(input.about_me) ? `Background: ${input.about_me.trim()}` : null,
    `Writing style: ${style}`,
  ].filter(Boolean);
  const user = `Write a LinkedIn post about: ${input.topic.trim()}\n\nAbout the author (${author}):\n${details.map((line) => `- ${line}`).join('\n')}`;
  return { system, user };
}
