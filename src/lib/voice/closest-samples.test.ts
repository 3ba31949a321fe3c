import { describe, expect, it } from 'vitest';
import { closestSamples } from './closest-samples';

const hiring = 'We hired two engineers last month after rewriting every job post from scratch.';
const pricing = 'Our pricing page had four plans. We cut it to two and sales calls got shorter.';
const culture = 'Culture is what people do when nobody is watching.';
const pricingOnly = 'Pricing, pricing, pricing: the one page that decides whether anyone buys.';

describe('closestSamples', () => {
  it('puts the samples closest to the topic first', () => {
    expect(closestSamples('How should a startup set its pricing?', [hiring, culture, pricing])).toEqual([
      pricing,
      hiring,
      culture,
    ]);
    expect(closestSamples('Rewriting a job post for engineers', [pricing, culture, hiring])).toEqual([
      hiring,
      pricing,
      culture,
    ]);
  });

  it('ranks by the share of words in common, not their number: a sample about the topic beats a long one mentioning it', () => {
    const long = `${culture} ${hiring} ${pricing}`;
    expect(closestSamples('pricing', [long, pricingOnly], 1)).toEqual([pricingOnly]);
  });

  it('weighs words by how often they come: a sample repeating another word is less about the topic', () => {
    const repeating = 'Pricing teams teams teams.';
    const varied = 'Pricing teams culture.';
    expect(closestSamples('pricing', [repeating, varied], 1)).toEqual([varied]);
  });

  it('keeps the order the author gave for samples that score the same', () => {
    const first = 'Pricing is hard.';
    const second = 'Pricing is hard!';
    expect(closestSamples('pricing', [culture, first, second], 2)).toEqual([first, second]);
    expect(closestSamples('pricing', [culture, second, first], 2)).toEqual([second, first]);
  });

  it('returns the first samples in order when the topic shares no word with any', () => {
    expect(closestSamples('quantum physics', [hiring, pricing, culture, pricingOnly])).toEqual([
      hiring,
      pricing,
      culture,
    ]);
  });

  it('returns at most `count` samples, three by default, and none for zero or less', () => {
    const samples = [hiring, pricing, culture, pricingOnly];
    expect(closestSamples('pricing', samples)).toHaveLength(3);
    expect(closestSamples('pricing', samples, 1)).toEqual([pricingOnly]);
    expect(closestSamples('pricing', samples, 4)).toHaveLength(4);
    expect(closestSamples('pricing', samples, 10)).toHaveLength(4);
    expect(closestSamples('pricing', samples, 0)).toEqual([]);
    expect(closestSamples('pricing', samples, -1)).toEqual([]);
  });

  it('skips blank samples', () => {
    expect(closestSamples('pricing', ['', '   ', pricing, '\n\t', culture], 10)).toEqual([pricing, culture]);
    expect(closestSamples('anything', ['', ' '])).toEqual([]);
    expect(closestSamples('anything', [])).toEqual([]);
  });

  it('leaves common words out of the comparison', () => {
    const commonOnly = 'How do we do it? What is the plan for them, and why would they?';
    const jobPosts = 'Job posts that work.';
    expect(closestSamples('How do we write the best job posts?', [commonOnly, jobPosts], 1)).toEqual([
      jobPosts,
    ]);
    expect(closestSamples('the and of', [commonOnly, jobPosts], 1)).toEqual([commonOnly]);
  });

  it('leaves out words under three letters and counts three-letter ones', () => {
    expect(closestSamples('AI', ['Other words.', 'AI, AI and more AI.'], 1)).toEqual(['Other words.']);
    expect(closestSamples('job', ['Other words.', 'A new job.'], 1)).toEqual(['A new job.']);
  });

  it('matches words whatever their case, possessive or closing quote', () => {
    const samples = [culture, "The team's hiring plan for Acme’s launch.", "The founders' ‘pricing’ debate."];
    expect(closestSamples('TEAM', samples, 1)).toEqual([samples[1]]);
    expect(closestSamples('acme', samples, 1)).toEqual([samples[1]]);
    expect(closestSamples('founders', samples, 1)).toEqual([samples[2]]);
    expect(closestSamples('pricing', samples, 1)).toEqual([samples[2]]);
  });

  it('does not change the samples it is given', () => {
    const samples = [culture, pricing, hiring];
    closestSamples('pricing', samples);
    expect(samples).toEqual([culture, pricing, hiring]);
  });
});
