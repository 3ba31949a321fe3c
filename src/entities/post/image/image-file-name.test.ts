import { describe, expect, it } from 'vitest';
import { imageFileName } from './image-file-name';

describe('imageFileName', () => {
  it('names the file after the topic, with the stored extension', () => {
    expect(imageFileName('Hiring in 2026', 'u1/4f1c.webp')).toBe('Hiring in 2026.webp');
  });

  it('drops characters a file system could refuse, and keeps letters of any script', () => {
    expect(imageFileName('What/why: "Ünïcode" & <tags>?', 'u1/a.png')).toBe('Whatwhy Ünïcode  tags.png');
  });

  it('falls back to post-image for a topic with nothing usable, and cuts long topics to 60 characters', () => {
    expect(imageFileName('?!', 'u1/a.gif')).toBe('post-image.gif');
    expect(imageFileName('x'.repeat(80), 'u1/a.jpg')).toBe(`${'x'.repeat(60)}.jpg`);
  });
});
