import { describe, expect, it } from 'vitest';
import { buildPostPrompt, effectiveIndustry, effectiveRole, maxPostWords } from './build-post-prompt';

const base = { topic: '  Why code review matters  ' };

describe('effective industry and role (docs/product.md §14 fallbacks)', () => {
  it('falls back from industry to company to "Technology"', () => {
    expect(effectiveIndustry({ industry: 'Fintech', company: 'Acme' })).toBe('Fintech');
    expect(effectiveIndustry({ industry: '  ', company: 'Acme' })).toBe('Acme');
    expect(effectiveIndustry({ industry: null, company: null })).toBe('Technology');
  });

  it('falls back to "Professional" for a missing role', () => {
    expect(effectiveRole({ role: 'Data Scientist' })).toBe('Data Scientist');
    expect(effectiveRole({ role: '' })).toBe('Professional');
  });
});

describe('buildPostPrompt', () => {
  it('asks for a post under 250 words about the trimmed topic', () => {
    const { system, user } = buildPostPrompt(base);
    expect(maxPostWords).toBe(250);
    expect(system).toContain('under 250 words');
    expect(user).toContain('Write a LinkedIn post about: Why code review matters\n');
  });

  it('writes British or American English as chosen, American by default', () => {
    expect(buildPostPrompt({ ...base, language_preference: 'en-GB' }).system).toContain('British English');
    expect(buildPostPrompt({ ...base, language_preference: 'en-US' }).system).toContain('American English');
    expect(buildPostPrompt(base).system).toContain('American English');
  });

  it('uses every profile field, with the fallbacks', () => {
    const { system, user } = buildPostPrompt({
      ...base,
      full_name: 'Ada Lovelace',
      company: 'Analytical Engines',
      website: 'https://ada.example.com',
      about_me: 'First programmer.',
      writing_style: 'Story-driven and narrative',
      role: 'Software Engineer',
    });
    expect(system).toContain('Write as Ada Lovelace');
    expect(user).toContain('- Role: Software Engineer at Analytical Engines');
    expect(user).toContain('- Industry: Analytical Engines');
    expect(user).toContain('- Website: https://ada.example.com');
    expect(user).toContain('- Background: First programmer.');
    expect(user).toContain('- Writing style: Story-driven and narrative');
  });

  it('leaves out what the profile does not have instead of inventing it', () => {
    const { system, user } = buildPostPrompt(base);
    expect(system).toContain('Write as the author');
    expect(user).toContain('- Role: Professional\n');
    expect(user).toContain('- Industry: Technology');
    expect(user).toContain('- Writing style: Professional and formal');
    expect(user).not.toContain('Website');
    expect(user).not.toContain('Background');
  });

  it('trims what the profile holds, and treats a field of spaces as empty', () => {
    const { system, user } = buildPostPrompt({
      ...base,
      full_name: '  Grace Hopper ',
      company: ' Navy Labs  ',
      website: '  https://grace.example.com ',
      about_me: '   ',
      writing_style: ' Casual and conversational ',
    });
    expect(system).toContain('Write as Grace Hopper, in the first person.');
    expect(user).toContain('About the author (Grace Hopper):');
    expect(user).toContain('- Role: Professional at Navy Labs\n');
    expect(user).toContain('- Website: https://grace.example.com\n');
    expect(user).toContain('- Writing style: Casual and conversational');
    expect(user).not.toContain('Background');
    expect(buildPostPrompt({ ...base, full_name: ' ' }).system).toContain('Write as the author,');
  });

  it('tells the model the form of a LinkedIn post: hook, short paragraphs, plain text, few hashtags, the post only', () => {
    const lines = buildPostPrompt(base).system.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[3]).toMatch(/^Open with a short hook line, use short paragraphs separated by blank lines/);
    expect(lines[4]).toMatch(/^Sound like a real professional: concrete, specific, no clichés/);
    expect(lines[5]).toMatch(
      /^Plain text only: no markdown, no headings, no bold\. At most three relevant hashtags/,
    );
    expect(lines[6]).toBe('Reply with the post text only, with no preamble and no notes.');
  });
});
