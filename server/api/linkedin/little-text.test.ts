import { describe, expect, it } from 'vitest';
import { escapeLittleText } from './little-text.ts';

describe('escapeLittleText', () => {
  it('escapes every reserved character in prose, each with one backslash', () => {
    expect(escapeLittleText('a\\b|c{d}e@f[g]h(i)j<k>l#m*n_o~p')).toBe(
      'a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\#m\\*n\\_o\\~p',
    );
  });

  it('leaves a real post readable: brackets, an @, asterisks and a list stay as written', () => {
    const post = [
      'We cut our release cycle (from 6 weeks to 2) by doing less.',
      '',
      'What changed:',
      '* one owner per release',
      '* no "quick" fixes after Thursday',
      '',
      'Thanks @Maria for pushing [and pushing] on this. Score: 10/10 <3',
    ].join('\n');
    expect(escapeLittleText(post)).toBe(
      [
        'We cut our release cycle \\(from 6 weeks to 2\\) by doing less.',
        '',
        'What changed:',
        '\\* one owner per release',
        '\\* no "quick" fixes after Thursday',
        '',
        'Thanks \\@Maria for pushing \\[and pushing\\] on this. Score: 10/10 \\<3',
      ].join('\n'),
    );
  });

  it('keeps hashtags as hashtags, underscores included, but escapes a # that is not one', () => {
    expect(escapeLittleText('#leadership and #remote_work, not C# or issue #')).toBe(
      '#leadership and #remote_work, not C\\# or issue \\#',
    );
  });

  it('keeps URLs whole, and escapes a bracket that closes around one', () => {
    expect(escapeLittleText('Read it (https://example.com/a_b?q=1) today: https://x.io/~me.')).toBe(
      'Read it \\(https://example.com/a_b?q=1\\) today: https://x.io/~me.',
    );
  });

  it('changes nothing in text without reserved characters, emoji and accents included', () => {
    const text = 'Ça marche 🚀 — 100% sure.\n\nNext line';
    expect(escapeLittleText(text)).toBe(text);
  });
});
