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
});
