import { describe, expect, it } from 'vitest';
import { britishSalesCoach } from './fixtures/sales-coach-posts';
import { samplesWithPhrase, signaturePhrases } from './voice-signature-phrases';

const phrases = (...samples: string[]) => signaturePhrases(samples).map(({ phrase }) => phrase);

describe('signaturePhrases', () => {
  it('finds a phrase in two samples, in any case and with either apostrophe, as first written', () => {
    expect(signaturePhrases(['Here’s what I’d do instead:', "here's what i'd DO INSTEAD."])).toEqual([
      { phrase: 'Here’s what I’d do instead', samples: [0, 1] },
    ]);
  });

  it('keeps a refrain across sentence punctuation, with its closing stop (a fragment gets none)', () => {
    expect(phrases('Boring? Yes. Works? Also yes.', 'Cold calls.\nBoring? Yes. Works? Also yes!')).toEqual([
      'Boring? Yes. Works? Also yes.',
    ]);
    expect(phrases('Discovery calls beat demos.', 'Good discovery calls beat demos!')).toEqual([
      'Discovery calls beat demos',
    ]);
  });

  it('never runs across a line or paragraph break', () => {
    expect(phrases('Cold calls win.', 'Book cold\ncalls.', 'Make cold\n\ncalls.')).toEqual([]);
  });

  it('needs two samples: a phrase repeated in one is not a signature', () => {
    expect(phrases('Cold calls work. Cold calls work.', 'Emails work.')).toEqual([]);
  });

  it('drops phrases of stop words alone, and ones ending on an article or a preposition', () => {
    expect(phrases('It is what it is for all of us.', 'And it is what it is for all of us.')).toEqual([]);
    expect(phrases('Book cold calls to the CEO.', 'Make cold calls to the board.')).toEqual(['cold calls']);
  });

  it('keeps the longest phrase in the same samples, and a shorter one found in more', () => {
    const samples = [
      'Discovery calls beat demos.',
      'Good discovery calls beat demos every time.',
      'Discovery calls are underrated.',
    ];
    expect(signaturePhrases(samples)).toEqual([
      { phrase: 'Discovery calls', samples: [0, 1, 2] },
      { phrase: 'Discovery calls beat demos', samples: [0, 1] },
    ]);
  });

  it('ranks by samples, then by words, then by first use', () => {
    const samples = ['Cold calls. Warm intros. Pipeline reviews on Monday.', 'Warm intros. Cold calls.'];
    expect(phrases(...samples, 'Pipeline reviews on Monday and warm intros.')).toEqual([
      'Warm intros',
      'Pipeline reviews on Monday',
      'Cold calls',
    ]);
  });

  it('counts numbers as words but never joins words across a hashtag, a mention, a link or an emoji', () => {
    expect(phrases('Call 3 prospects daily.', 'Call 3 prospects weekly.')).toEqual(['Call 3 prospects']);
    const joined = ['Cold #sales calls', 'Cold @acme calls', 'Cold https://acme.com calls', 'Cold 🚀 calls'];
    expect(phrases(...joined)).toEqual([]);
  });

  it('gives a repeated passage longer than six words once, not as overlapping pieces', () => {
    const line = 'Small teams ship careful work faster than large committees ever could';
    expect(phrases(line, `Yes: ${line.toLowerCase()}!`)).toEqual(['Small teams ship careful work faster']);
  });

  it('keeps to 20 phrases of at most 60 characters', () => {
    const long = 'Extraordinarily comprehensive multidisciplinary collaborations matter';
    expect(phrases(`${long}.`, `${long}.`)).toEqual([
      'comprehensive multidisciplinary collaborations matter',
    ]);
    const many = Array.from(
      { length: 30 },
      (_, n) => `Topic ${String.fromCharCode(97 + (n % 26))}${n} wins.`,
    );
    expect(signaturePhrases([many.join('\n'), many.join('\n')])).toHaveLength(20);
  });

  it('finds the sales coach’s refrains', () => {
    expect(phrases(...britishSalesCoach)).toEqual(
      expect.arrayContaining(["Here's what I'd do instead", 'Boring? Yes. Works? Also yes.']),
    );
  });
});

describe('samplesWithPhrase', () => {
  it('lists the samples (0-based) holding the phrase, in any case, punctuation or apostrophe', () => {
    const samples = ['Boring? Yes. Works? Also yes.', 'Nothing here.', 'boring, yes; works — also yes', ''];
    expect(samplesWithPhrase('Boring? Yes. Works? Also yes.', samples)).toEqual([0, 2]);
    expect(samplesWithPhrase("here's what I’d do", ['Here’s what I’d do instead', 'Do it'])).toEqual([0]);
  });

  it('matches whole words within a line only', () => {
    expect(samplesWithPhrase('cold calls', ['Bold cold callsheet', 'Cold\ncalls', 'Cold calls.'])).toEqual([
      2,
    ]);
    expect(samplesWithPhrase('  ', ['Anything'])).toEqual([]);
  });
});
