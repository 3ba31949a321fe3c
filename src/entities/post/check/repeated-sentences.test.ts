import { describe, expect, it } from 'vitest';
import { checkPost } from './check-post';
import { groupFindings } from './group-findings';
import { earlierSentences, repeatedSentences, repeatedShare } from './repeated-sentences';

// "Never a copy" (issue 28): the post check flags a draft that repeats more than a set share of an
// earlier post's sentences, naming the post in the author's words.

const earlier =
  'We stopped estimating in March.\n\nThe team shipped more than ever before. Nobody missed the planning poker sessions. Our clients got weekly demos instead of dates.\n\nWould you try it? We learned a lot from this experiment.';

describe('repeated sentences of an earlier post', () => {
  it('flags a draft repeating 4 of its 6 sentences, each place, with one message naming the post and its day', () => {
    const index = earlierSentences([{ content: earlier, date: '2025-11-12T09:00:00Z' }]);
    const draft =
      'We stopped estimating in March!\n\nThe team shipped more than ever before. Nobody missed the “planning poker” sessions.\n\nOur clients got weekly demos instead of dates. What about you?';
    const places = repeatedSentences(draft, index);
    expect(places.map((place) => draft.slice(place.start, place.end))).toEqual([
      'We stopped estimating in March!',
      'The team shipped more than ever before.',
      'Nobody missed the “planning poker” sessions.',
      'Our clients got weekly demos instead of dates.',
    ]);
    const groups = groupFindings(draft, checkPost(draft, { earlier: index }));
    expect(groups.find((group) => group.kind === 'repeats-earlier-post')).toMatchObject({
      severity: 'warning',
      message:
        'Repeats 4 of 6 sentences of your post “We stopped estimating in March.” from 12 Nov 2025. Say it in new words, so it is not a copy.',
      fixes: [],
    });
  });

  it('leaves the day out this year, and out for a voice sample; cuts a long first line', () => {
    const thisYear = new Date(new Date().getFullYear(), 0, 15, 12).toISOString();
    const long = `${'A very long opening line that goes on and on '.repeat(2)}forever.\n\n${earlier}`;
    const [dated, sample] = earlierSentences([{ content: earlier, date: thisYear }, { content: long }]);
    expect(dated?.name).toBe('“We stopped estimating in March.” from 15 Jan');
    expect(sample?.name).toBe('“A very long opening line that goes on and on A ve…”');
  });

  it('does not flag a share at or under the set share, one sentence, or short stock sentences', () => {
    const index = earlierSentences([{ content: earlier }]);
    expect(repeatedShare).toBe(0.4);
    // 2 of 6 (a third).
    expect(
      repeatedSentences(
        'We stopped estimating in March. The team shipped more than ever before. Then we hired.',
        index,
      ),
    ).toEqual([]);
    // One sentence of a two-sentence post is half, but a single sentence is not a copy.
    const short = earlierSentences([{ content: 'Meetings are where work goes to die. Cancel one today.' }]);
    expect(repeatedSentences('Meetings are where work goes to die. Then what?', short)).toEqual([]);
    // Sentences under four words ("Thoughts?", "So true!") do not count on either side.
    expect([
      ...earlierSentences([{ content: 'Thoughts? Agree? So true! Would you try it?' }])[0]!.sentences,
    ]).toEqual(['would you try it']);
  });

  it('takes the earlier post the draft repeats most, and a sentence repeated twice once', () => {
    const other = 'Our clients got weekly demos instead of dates. We learned a lot from this experiment.';
    const index = earlierSentences([{ content: earlier }, { content: other }]);
    const draft =
      'Our clients got weekly demos instead of dates. We learned a lot from this experiment. We learned a lot from this experiment.';
    const places = repeatedSentences(draft, index);
    expect(places).toHaveLength(2);
    expect(places[0]?.message).toMatch(/^Repeats 2 of 2 sentences of your post “Our clients got weekly/u);
  });

  it('normalises and keeps each earlier post once: the same post gives the same entry', () => {
    const [first] = earlierSentences([{ content: earlier, date: null }]);
    const [again] = earlierSentences([{ content: earlier, date: null }]);
    expect(again).toBe(first);
    expect(first?.sentences.has('we stopped estimating in march')).toBe(true);
    expect(earlierSentences([{ content: '  \n' }])).toEqual([]);
  });

  it('stays cheap: a 3,000-character draft against 60 earlier posts in well under a millisecond a check', () => {
    const posts = Array.from({ length: 60 }, (_, i) => ({
      content: Array.from({ length: 12 }, (_, j) => `Post ${i} makes point number ${j} in plain words.`).join(
        ' ',
      ),
    }));
    const index = earlierSentences(posts);
    const draft = Array.from({ length: 60 }, (_, j) => `A new draft says thing ${j} in other words.`).join(
      ' ',
    );
    const started = performance.now();
    for (let run = 0; run < 100; run += 1) repeatedSentences(draft, index);
    expect((performance.now() - started) / 100).toBeLessThan(2);
  });
});
