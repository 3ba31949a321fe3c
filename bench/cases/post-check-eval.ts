import { readFile } from 'node:fs/promises';
import { checkPost } from '../../src/entities/post/check/check-post.ts';
import { aiTellKinds } from '../../src/entities/post/check/tell-kinds.ts';
import { scoreCheck, type CheckScore, type LabelledPost } from '../../src/entities/post/check/score-check.ts';
import { check } from '../check.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { round } from '../stats.ts';

/** The labelled posts (tests/fixtures/post-check-eval/README.md), read as data. */
const setFile = new URL('../../tests/fixtures/post-check-eval/posts.json', import.meta.url);
/** What every kind must reach, on both. */
const floor = 0.9;
/** Kinds that say a post reads as AI (not length, fold, links or markdown). */
const tellKinds: ReadonlySet<string> = new Set(aiTellKinds);

function printTable(title: string, score: CheckScore): void {
  console.log(`  ${title}`);
  console.log(
    `  ${'kind'.padEnd(22)} ${'TP'.padStart(4)} ${'FP'.padStart(4)} ${'FN'.padStart(4)}  precision  recall`,
  );
  for (const kind of score.kinds) {
    console.log(
      `  ${kind.kind.padEnd(22)} ${String(kind.truePositives).padStart(4)} ${String(kind.falsePositives).padStart(4)} ${String(kind.falseNegatives).padStart(4)}  ${round(kind.precision).toFixed(2).padStart(9)}  ${round(kind.recall).toFixed(2).padStart(6)}`,
    );
  }
}

/** The share of posts of one label with at least one AI-tell finding. */
function flaggedShare(posts: readonly LabelledPost[]): number {
  const flagged = posts.filter((post) =>
    checkPost(post.lines.join('\n'), post.options ?? {}).some((finding) => tellKinds.has(finding.kind)),
  );
  return posts.length === 0 ? 0 : flagged.length / posts.length;
}

/** Precision and recall of the post check, per kind, over the labelled set. */
async function run(): Promise<BenchResult[]> {
  const { posts } = JSON.parse(await readFile(setFile, 'utf8')) as { posts: LabelledPost[] };
  check(posts.length >= 150, `the evaluation set should hold at least 150 posts, not ${posts.length}`);
  const score = scoreCheck(posts);
  const heldOut = scoreCheck(posts.filter((post) => post.split === 'held-out'));
  printTable(`all ${posts.length} posts`, score);
  printTable(`the ${posts.filter((post) => post.split === 'held-out').length} held-out posts`, heldOut);
  for (const disagreement of score.disagreements) console.log(`  disagrees: ${JSON.stringify(disagreement)}`);
  const human = posts.filter((post) => post.label === 'human');
  const ai = posts.filter((post) => post.label === 'ai');
  const note = `${posts.length} labelled posts (${human.length} human, ${ai.length} AI-sounding)`;
  const details = { heldOut: heldOut.kinds, disagreements: score.disagreements };
  return [
    ...score.kinds.flatMap((kind, index) => [
      row(`post check ${kind.kind}, precision`, kind.precision, 'ratio', {
        target: floor,
        atLeast: true,
        note: `${kind.truePositives} of ${kind.truePositives + kind.falsePositives} flagged places right; ${note}`,
        ...(index === 0 ? { details } : {}),
      }),
      row(`post check ${kind.kind}, recall`, kind.recall, 'ratio', {
        target: floor,
        atLeast: true,
        note: `${kind.truePositives} of ${kind.truePositives + kind.falseNegatives} labelled places found`,
      }),
    ]),
    row('post check: human posts with an AI-tell warning', flaggedShare(human), 'ratio', {
      note: 'report only: people use dashes, lists of three and emoji bullets too',
    }),
    row('post check: AI-sounding posts with an AI-tell warning', flaggedShare(ai), 'ratio', {
      note: 'report only',
    }),
  ];
}

export const postCheckEval: BenchCase = {
  name: 'post check eval: precision and recall per kind over the labelled set',
  run,
};
