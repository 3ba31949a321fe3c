import { describe, expect, it } from 'vitest';
import type { Profile } from '@/lib/supabase/database-types';
import { authorInputFrom, fewShotCount } from './author-input';

const profile: Profile = {
  id: 'u1',
  full_name: 'Ada Lovelace',
  company: 'Analytical Engines',
  website: 'https://ada.example.com',
  about_me: 'First programmer.',
  industry: 'Computing',
  writing_style: 'Story-driven and narrative',
  role: 'Software Engineer',
  ai_engine: 'groq',
  ai_model: 'openai/gpt-oss-120b',
  language_preference: 'en-GB',
  emoji_level: 'none',
  max_hashtags: 1,
  end_with_question: true,
  list_style: null,
  paragraph_style: 'varied',
  dash_style: null,
  voice_profile: null,
  // No carousel defaults: a new carousel starts light, portrait, in LinkedIn's blue.
  brand_color: null,
  carousel_theme: null,
  carousel_format: null,
  created_at: '2026-11-26T00:00:00.000Z',
  updated_at: '2026-11-26T00:00:00.000Z',
};

const voice = {
  length: 'About 120 words',
  sentences: 'Short',
  paragraphs: 'Two sentences each',
  openings: 'A story',
  closings: 'A takeaway',
  emoji: 'No emoji',
  hashtags: 'One',
  phrasesUsed: ['honestly'],
  phrasesAvoided: ['delve'],
};

const samples = [
  'Our hiring loop took six weeks. Candidates left. We cut it to two.',
  'Compilers taught me patience: every error message is a letter to a stranger.',
  'The engine ran overnight and printed the table by morning.',
  'A second post about compilers and error messages, and the strangers who read them.',
];

describe('authorInputFrom', () => {
  it('passes on every profile field and the writing rules the author chose', () => {
    expect(authorInputFrom(profile, [], 'Anything')).toEqual({
      full_name: 'Ada Lovelace',
      company: 'Analytical Engines',
      website: 'https://ada.example.com',
      about_me: 'First programmer.',
      industry: 'Computing',
      writing_style: 'Story-driven and narrative',
      role: 'Software Engineer',
      rules: {
        language: 'en-GB',
        emoji: 'none',
        maxHashtags: 1,
        endWithQuestion: true,
        lists: 'number',
        paragraphs: 'varied',
        dashes: 'avoid',
      },
      voice: null,
      samples: [],
    });
  });

  it('uses a valid stored voice profile and ignores a malformed one', () => {
    expect(authorInputFrom({ ...profile, voice_profile: voice }, [], 't').voice).toEqual(voice);
    expect(authorInputFrom({ ...profile, voice_profile: { length: 3 } }, [], 't').voice).toBeNull();
    expect(authorInputFrom({ ...profile, voice_profile: 'text' }, [], 't').voice).toBeNull();
  });

  it('leaves a rule the author did not choose to all their samples, not only the closest three', () => {
    const arrows = [
      'Three things I cut this year:\n\n→ the weekly status meeting\n→ the roadmap deck',
      'What we stopped doing:\n\n→ estimates in hours\n→ a second standup',
      'Before you hire, check:\n\n→ the job is real\n→ the budget is signed',
      'Compilers taught me patience: every error message is a letter to a stranger.',
    ];
    const input = authorInputFrom({ ...profile, list_style: null }, arrows, 'compilers and error messages');
    expect(input.rules?.lists).toBe('arrow');
    expect(authorInputFrom({ ...profile, list_style: 'none' }, arrows, 'compilers').rules?.lists).toBe(
      'none',
    );
  });

  it('picks the samples closest to the topic, at most three', () => {
    expect(fewShotCount).toBe(3);
    const picked = authorInputFrom(profile, samples, 'What compilers taught me about error messages').samples;
    expect(picked).toHaveLength(3);
    expect(picked?.slice(0, 2)).toEqual([samples[3], samples[1]]);
  });
});
