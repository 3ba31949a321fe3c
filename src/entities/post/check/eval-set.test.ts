import { describe, expect, it } from 'vitest';
import set from '../../../../tests/fixtures/post-check-eval/posts.json';
import { findingKinds } from './check-post';
import { scoreCheck, type LabelledPost } from './score-check';

/**
 * The post check on the labelled evaluation set (tests/fixtures/post-check-eval/README.md): every
 * kind of finding keeps a precision and a recall of at least 0.9, so a rule that starts flagging
 * what people write, or stops finding a tell, fails here. `npm run bench -- eval` prints the table.
 */

const posts = set.posts as readonly LabelledPost[];
// A repeat of an earlier post needs the author's earlier posts, which the set does not have: it is
// tested on its own (repeated-sentences.test.ts).
const kinds = findingKinds.filter((kind) => kind !== 'repeats-earlier-post');
const floor = 0.9;
const score = scoreCheck(posts);

describe('the post check on the labelled evaluation set', () => {
  it('has at least 150 posts, human and AI-sounding, with places of every kind to find', () => {
    expect(posts.length).toBeGreaterThanOrEqual(150);
    expect(new Set(posts.map((post) => post.id)).size).toBe(posts.length);
    expect(posts.filter((post) => post.label === 'human').length).toBeGreaterThan(60);
    expect(posts.filter((post) => post.label === 'ai').length).toBeGreaterThan(60);
    for (const kind of kinds) {
      const labelled = score.kinds.find((each) => each.kind === kind)!;
      expect(labelled.truePositives + labelled.falseNegatives, kind).toBeGreaterThan(0);
    }
  });

  it.each(kinds)('finds %s with a precision and a recall of at least 0.9', (kind) => {
    const { precision, recall } = score.kinds.find((each) => each.kind === kind)!;
    // On failure, the posts where the check and the labels part.
    const where = JSON.stringify(
      score.disagreements.filter((each) => each.kind === kind),
      null,
      1,
    );
    expect(precision, where).toBeGreaterThanOrEqual(floor);
    expect(recall, where).toBeGreaterThanOrEqual(floor);
  });
});
