import { describe, expect, it } from 'vitest';
import type { Profile } from '@/lib/supabase/database-types';
import { deriveVoiceProfile } from '@/lib/voice/derive-voice-profile';
import { britishSalesCoach } from '@/lib/voice/fixtures/sales-coach-posts';
import { authorInputFrom } from './author-input';
import { buildPostPrompt, buildRewritePrompt } from './build-post-prompt';
import { columnsOf } from '@/lib/writing-rules/writing-rules';

// Issue 26, "The author's voice wins": the real prompt for a British sales coach whose posts end
// on a question, list with → arrows, keep paragraphs to one line and use no emoji. Before the
// writing rules, each of these habits sat next to a house rule that said the opposite.

const profile: Profile = {
  id: 'coach',
  full_name: 'Priya Shah',
  company: 'Callwell',
  website: null,
  about_me: 'I coach sales teams.',
  industry: 'Sales',
  writing_style: 'Casual and conversational',
  role: 'Sales Executive',
  ai_engine: 'groq',
  ai_model: 'openai/gpt-oss-120b',
  // No writing rule chosen: each follows the author's posts.
  ...columnsOf({}),
  voice_profile: deriveVoiceProfile(britishSalesCoach),
  // No carousel defaults: a new carousel starts light, portrait, in LinkedIn's blue.
  brand_color: null,
  carousel_theme: null,
  carousel_format: null,
  created_at: '2026-11-28T00:00:00.000Z',
  updated_at: '2026-11-28T00:00:00.000Z',
};

const prompt = (overrides: Partial<Profile> = {}) =>
  buildPostPrompt({
    topic: 'Why reps should call before 9',
    ...authorInputFrom({ ...profile, ...overrides }, britishSalesCoach, 'calls before 9'),
  });

describe('the prompt for an author whose samples say otherwise than the house rules', () => {
  const { system } = prompt();

  it('ends on a question, as every sample does, with no rule against it', () => {
    expect(system).toContain('End with one genuine question to readers');
    expect(system).not.toContain('not on a question');
  });

  it('lists with → arrows, as three of five samples do, with no rule against them', () => {
    expect(system).toContain('starting with "→ ", as the author does');
    expect(system).not.toMatch(/no bullets made of emoji or arrows/iu);
  });

  it('keeps paragraphs to one line, with no rule asking for longer ones', () => {
    expect(system).toContain('Keep most paragraphs to a single line');
    expect(system).not.toContain('not every paragraph a single sentence');
  });

  it('writes British English, which the samples spell', () => {
    expect(system).toContain('Write in British English');
    expect(system).not.toContain('American English');
  });

  it('uses no emoji, as none of the samples do', () => {
    expect(system).toContain('Use no emoji at all.');
    expect(system).not.toMatch(/at most two emoji/iu);
  });

  it('says each habit once: no rule line contradicts the voice lines sent with it', () => {
    const { user } = prompt();
    expect(user).toMatch(/- Closings: .*question/iu);
    expect(system.match(/End /gu)).toHaveLength(1);
  });

  it('keeps the same rules for a rewrite', () => {
    const input = authorInputFrom(profile, britishSalesCoach, 'calls');
    const rewrite = buildRewritePrompt('shorter', 'A post.', input).system;
    expect(rewrite).toContain('Write in British English');
    expect(rewrite).not.toContain('not on a question');
  });
});

describe('the author’s own choice in Settings wins over their samples', () => {
  it('a chosen takeaway ending, American English and a few emoji', () => {
    const { system } = prompt({ end_with_question: false, language_preference: 'en-US', emoji_level: 'few' });
    expect(system).toContain('not on a question');
    expect(system).toContain('Write in American English');
    expect(system).toMatch(/at most two emoji/iu);
    // The rules not chosen still follow the samples.
    expect(system).toContain('starting with "→ "');
  });
});
