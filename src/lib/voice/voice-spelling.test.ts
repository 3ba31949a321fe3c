import { describe, expect, it } from 'vitest';
import { spellingOf } from './voice-spelling';

describe('spellingOf', () => {
  it.each([
    ['We organise a programme every autumn.', 'en-GB'],
    ['Our organization runs a program every fall.', 'en-US'],
    ['My favourite colour is grey.', 'en-GB'],
    ['My favorite color is gray.', 'en-US'],
    ['The centre of their behaviour.', 'en-GB'],
    ['The center of their behavior.', 'en-US'],
    ['We analysed it, then travelled.', 'en-GB'],
    ['We analyzed it, then traveled.', 'en-US'],
    ['Realisation, prioritising and a licence to practise.', 'en-GB'],
    ['Colour-coded dashboards.', 'en-GB'],
    ['ORGANISED. Recognises? Summarised!', 'en-GB'],
  ])('reads "%s" as %s', (text, variant) => {
    expect(spellingOf(text)).toBe(variant);
  });

  it.each([
    [
      'words spelt -ise everywhere',
      'Prices rise; exercise, advertise, otherwise, compromise, surprise, revise.',
    ],
    ['words spelt the same everywhere', 'We ship small batches and practice every day.'],
    ['a tie', 'Our organisation has a new color.'],
    ['"program" and "meter", used in Britain too', 'The program read the meter.'],
    ['a word holding a marked one', 'Recolourable decentres.'],
  ])('reads neither in %s', (_name, text) => {
    expect(spellingOf(text)).toBeNull();
  });

  it('goes by the majority of the marked words', () => {
    expect(spellingOf('We organise, prioritise and analyse the color.')).toBe('en-GB');
    expect(spellingOf('We organize, prioritize and analyze the colour.')).toBe('en-US');
  });
});
