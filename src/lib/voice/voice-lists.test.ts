import { describe, expect, it } from 'vitest';
import { listStyleOf } from './voice-lists';

describe('listStyleOf', () => {
  it.each([
    ['→ One\n→ Two', 'arrow'],
    ['Steps:\n-> One\n->Two', 'arrow'],
    ['• One\n• Two', 'bullet'],
    ['- One\n  - Two', 'bullet'],
    ['* One\n* Two', 'bullet'],
    ['1. One\n2. Two', 'number'],
    ['1) One\n2) Two\n10) Ten', 'number'],
    ['✅ One\n✅ Two', 'emoji'],
    ['1️⃣ One\n2️⃣ Two', 'emoji'],
    ['🇫🇷 One\n🇩🇪 Two', 'emoji'],
    ['👩🏽‍💻 One\n🧑🏻‍🔬 Two', 'emoji'],
  ])('reads %j as %s', (text, style) => {
    expect(listStyleOf(text)).toBe(style);
  });

  it('needs two list lines for a list', () => {
    expect(listStyleOf('Steps:\n→ One\n\nDone.')).toBe('none');
    expect(listStyleOf('→ One\n• Two\n1. Three\n✅ Four')).toBe('none');
    expect(listStyleOf('No list here.\nJust lines.')).toBe('none');
  });

  it('does not take a number, a dash or a hyphen inside a line for a marker', () => {
    expect(listStyleOf('97 cold calls.\n2024. What a year.\n3 meetings.')).toBe('none');
    expect(listStyleOf('-5% this year\n-3% last year')).toBe('none');
    expect(listStyleOf('We went A → B\nthen B → C')).toBe('none');
  });

  it('takes the style with the most lines, the one seen first on a tie', () => {
    expect(listStyleOf('1. A\n2. B\n→ C\n→ D\n→ E')).toBe('arrow');
    expect(listStyleOf('• A\n• B\n→ C\n→ D')).toBe('bullet');
  });

  it('reads only the start of a line for an emoji marker, however long the line', () => {
    const long = 'word '.repeat(2000);
    expect(listStyleOf(`✅ ${long}\n✅ ${long}`)).toBe('emoji');
    expect(listStyleOf(`${long}✅\n${long}✅`)).toBe('none');
    // ©, ® and ™ alone are no emoji: the line's next emoji is not at its start.
    expect(listStyleOf('© 2026 ✅\n® Brand ✅')).toBe('none');
    expect(listStyleOf('©️ One\n©️ Two')).toBe('emoji');
  });
});
