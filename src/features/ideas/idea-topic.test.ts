import { describe, expect, it } from 'vitest';
import { checkIdeaTopic } from './idea-topic';

describe('checkIdeaTopic (an idea typed by hand)', () => {
  it('trims the topic', () => {
    expect(checkIdeaTopic('  Remote teams \n')).toEqual({ ok: true, topic: 'Remote teams' });
  });

  it.each(['', '   ', '\n\t '])('marks %j as blank', (input) => {
    expect(checkIdeaTopic(input)).toEqual({ ok: false, blank: true, message: 'Type an idea first.' });
  });

  it('takes 1,000 characters and refuses 1,001, saying how many there are', () => {
    expect(checkIdeaTopic('x'.repeat(1000))).toMatchObject({ ok: true });
    expect(checkIdeaTopic('x'.repeat(1001))).toEqual({
      ok: false,
      blank: false,
      message: 'That idea is too long: 1,001 characters. An idea can have at most 1,000.',
    });
  });

  it('counts characters as the database does: an emoji is one, not two UTF-16 units', () => {
    expect(checkIdeaTopic('🚀'.repeat(1000))).toMatchObject({ ok: true });
    expect(checkIdeaTopic('🚀'.repeat(1001))).toMatchObject({
      ok: false,
      message: 'That idea is too long: 1,001 characters. An idea can have at most 1,000.',
    });
  });

  it('does not count the spaces it trims', () => {
    expect(checkIdeaTopic(` ${'x'.repeat(1000)} `)).toMatchObject({ ok: true });
  });
});
