import { performance } from 'node:perf_hooks';
import { closestSamples } from '../../src/lib/voice/closest-samples.ts';
import { deriveVoiceProfile } from '../../src/lib/voice/derive-voice-profile.ts';
import { check } from '../check.ts';
import { buildLongPost } from '../long-post.ts';
import type { BenchCase, BenchResult } from '../report.ts';
import { row } from '../results.ts';
import { quantile, round } from '../stats.ts';

const runs = 300;
/** "Learn my voice" should answer within a click's feel (100 ms); picking samples adds nothing to a generation. */
const targets = { derive: 100, closest: 5 } as const;

/** Ten samples of 5,000 characters, the most a user can paste, each a little different. */
function tenLongSamples(): string[] {
  const post = buildLongPost(6000);
  return Array.from({ length: 10 }, (_, index) =>
    `Sample ${index + 1}: last week I ${index % 2 ? 'hired' : 'fired'} someone. 🚀\n\n${post}`.slice(0, 5000),
  );
}

function time(work: () => void): { median: number; p99: number } {
  for (let warm = 0; warm < 20; warm += 1) work();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return { median: quantile(samples, 0.5), p99: quantile(samples, 0.99) };
}

/** The voice features' own code: deriving the profile ("Learn my voice") and picking the closest samples. */
async function run(): Promise<BenchResult[]> {
  const samples = tenLongSamples();
  check(
    samples.every((sample) => sample.length === 5000),
    'each bench sample should be 5,000 characters',
  );
  const derive = time(() => deriveVoiceProfile(samples));
  const closest = time(() => closestSamples('Why we hired slowly last year', samples, 3));
  console.log(
    `  deriveVoiceProfile of 10 × 5,000 characters: median ${round(derive.median)} ms, p99 ${round(derive.p99)} ms`,
  );
  console.log(`  closestSamples of 10 × 5,000 characters: median ${round(closest.median)} ms`);
  const note = `${runs} runs in Node, 10 samples of 5,000 characters`;
  return [
    row('voice profile from 10 samples (Learn my voice), median', derive.median, 'ms', {
      target: targets.derive,
      note,
    }),
    row('voice profile from 10 samples, p99', derive.p99, 'ms', { target: targets.derive, note }),
    row('closest 3 of 10 samples for a topic, median', closest.median, 'ms', {
      target: targets.closest,
      note,
    }),
  ];
}

export const voiceProfile: BenchCase = { name: 'voice: deriving a profile and picking samples', run };
