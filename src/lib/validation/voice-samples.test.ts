import { checkVoiceSamples, sampleLength } from './voice-samples';

const post = (length: number, letter = 'a') => letter.repeat(length);

describe('sampleLength', () => {
  it('counts characters of the trimmed text, an emoji as one (as the database does)', () => {
    expect(sampleLength('  abc  ')).toBe(3);
    expect(sampleLength('🚀🚀')).toBe(2);
    expect(sampleLength('\n\t ')).toBe(0);
  });
});

describe('checkVoiceSamples', () => {
  it('nothing pasted (no samples, or only blank ones) is "empty", not an error', () => {
    expect(checkVoiceSamples([])).toEqual({ status: 'empty' });
    expect(checkVoiceSamples(['', '  ', '\n'])).toEqual({ status: 'empty' });
  });

  it('three to ten samples of 40 to 5,000 characters are valid, trimmed, in order', () => {
    expect(checkVoiceSamples([` ${post(40)} `, post(41, 'b'), post(5000, 'c')])).toEqual({
      status: 'valid',
      samples: [post(40), post(41, 'b'), post(5000, 'c')],
    });
    const ten = Array.from({ length: 10 }, (_, index) => post(40 + index));
    expect(checkVoiceSamples(ten)).toEqual({ status: 'valid', samples: ten });
  });

  it('fewer than three says how many there are', () => {
    expect(checkVoiceSamples([post(50), post(60)])).toEqual({
      status: 'invalid',
      sampleErrors: [null, null],
      listError: 'Add at least 3 samples: you have 2.',
    });
    expect(checkVoiceSamples([post(50)])).toMatchObject({ listError: 'Add at least 3 samples: you have 1.' });
  });

  it('more than ten says how many to remove', () => {
    const eleven = Array.from({ length: 11 }, () => post(50));
    expect(checkVoiceSamples(eleven)).toEqual({
      status: 'invalid',
      sampleErrors: Array(11).fill(null),
      listError: 'A voice is learned from at most 10 samples: remove 1.',
    });
  });

  it('names a sample that is too short or too long, with its length', () => {
    expect(checkVoiceSamples([post(39), post(40), post(5001), post(5000)])).toEqual({
      status: 'invalid',
      sampleErrors: [
        'Sample 1 is too short: 39 characters. A sample needs at least 40.',
        null,
        'Sample 3 is too long: 5,001 characters. A sample can have at most 5,000.',
        null,
      ],
      listError: null,
    });
  });

  it('counts the length after trimming', () => {
    expect(checkVoiceSamples([`   ${post(39)}   `, post(40), post(40)])).toMatchObject({
      sampleErrors: ['Sample 1 is too short: 39 characters. A sample needs at least 40.', null, null],
    });
  });

  it('a blank sample among filled ones asks to paste a post or remove it, and does not count', () => {
    expect(checkVoiceSamples([post(40), '  ', post(40), post(40)])).toEqual({
      status: 'invalid',
      sampleErrors: [null, 'Sample 2 is empty: paste a post or remove it.', null, null],
      listError: null,
    });
    expect(checkVoiceSamples([post(40), '', post(40)])).toEqual({
      status: 'invalid',
      sampleErrors: [null, 'Sample 2 is empty: paste a post or remove it.', null],
      listError: 'Add at least 3 samples: you have 2.',
    });
  });
});
