import { describe, expect, it } from 'vitest';
import { chatSystemPrompt, chatTone } from './ask-about-post';

describe('chatSystemPrompt (docs/wire-formats.md §6 "Post chat")', () => {
  const prompt = chatSystemPrompt({ title: 'Remote work', content: 'Line one.\nLine two.' }, 'en-GB');

  it('asks for conversational markdown answers in the spec tone and the chosen locale', () => {
    expect(chatTone).toBe('Professional and conversational');
    expect(prompt).toContain('Tone: Professional and conversational. Locale: en-GB');
    expect(prompt).toContain('conversationally in markdown');
  });

  it('includes the post title and its whole content', () => {
    expect(prompt).toContain('Post title: Remote work');
    expect(prompt).toContain('"""\nLine one.\nLine two.\n"""');
  });
});
