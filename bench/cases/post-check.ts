import { performance } from 'node:perf_hooks';
import { checkPost } from '../../src/entities/post/check/check-post.ts';
import { groupFindings } from '../../src/entities/post/check/group-findings.ts';
import { check } from '../check.ts';
import { buildLongPost } from '../long-post.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { quantile, round } from '../stats.ts';

const runs = 2000;
const frameMs = 16;

/** A 3,000-character post with a few of everything the check looks for, so every rule does work. */
function postWithTells(): string {
  const tells =
    'In today’s fast-paced world — let that sink in — we delve into the landscape. It’s not a tool, it’s a mindset.\n\n🚀 Ship\n✅ Measure\n→ Learn\n\n**Bold** and 𝗯𝗼𝗹𝗱, see https://example.com/x #One #Two #Three #Four\n\nRead the full report: https://example.com/report\n\n';
  return (tells + buildLongPost(3000)).slice(0, 3000);
}

/** What the panel does on every keystroke and streamed chunk: the findings, grouped, with their fixes. */
const panelCheck = (text: string) => groupFindings(text, checkPost(text));

/** The post check on every keystroke: the time of one check of a 3,000-character post. */
async function run(): Promise<BenchResult[]> {
  const text = postWithTells();
  check(panelCheck(text).length > 10, 'the bench post should raise findings of many kinds');
  check(
    panelCheck(text).some((group) => group.kind === 'link-in-body' && group.fixes.length === 2),
    'the bench post should have links to remove',
  );
  for (let warm = 0; warm < 200; warm += 1) panelCheck(text);
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    // A different last character each time, as while typing.
    const typed = `${text.slice(0, -1)}${String.fromCharCode(97 + (index % 26))}`;
    const started = performance.now();
    panelCheck(typed);
    samples.push(performance.now() - started);
  }
  const [median, p99] = [quantile(samples, 0.5), quantile(samples, 0.99)];
  console.log(
    `  checkPost + groupFindings on ${text.length} characters: median ${round(median)} ms, p99 ${round(p99)} ms`,
  );
  const note = `${runs} runs in Node, ${text.length} characters with ${checkPost(text).length} places in ${panelCheck(text).length} findings, fixes included`;
  return [
    row('post check of a 3,000-character post, median', median, 'ms', { target: frameMs, note }),
    row('post check of a 3,000-character post, p99', p99, 'ms', { target: frameMs, note }),
  ];
}

export const postCheck: BenchCase = {
  name: 'post check: checkPost and groupFindings on a 3,000-character post',
  run,
};
