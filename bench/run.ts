import { archiveImport } from './cases/archive-import.ts';
import { carouselPdf } from './cases/carousel-pdf.ts';
import { carouselPdfBrowser } from './cases/carousel-pdf-browser.ts';
import { postResults } from './cases/post-results.ts';
import { resultsImportBrowser } from './cases/results-import-browser.ts';
import { coldStart } from './cases/cold-start.ts';
import { freshCloneStart } from './cases/fresh-clone-start.ts';
import { library } from './cases/library.ts';
import { libraryFloor } from './cases/library-floor.ts';
import { load } from './cases/load.ts';
import { postCheck } from './cases/post-check.ts';
import { nextFreeSlotCase } from './cases/next-free-slot.ts';
import { postCheckEval } from './cases/post-check-eval.ts';
import { versions } from './cases/versions.ts';
import { postEditor } from './cases/post-editor.ts';
import { voiceProfile } from './cases/voice-profile.ts';
import { postImage } from './cases/post-image.ts';
import { savedPostsPhotos } from './cases/saved-posts-photos.ts';
import { restLatency } from './cases/rest-latency.ts';
import { streamingBrowser } from './cases/streaming-browser.ts';
import { ttft } from './cases/ttft.ts';
import { resultsFile } from './paths.ts';
import {
  formatTable,
  writeJsonReport,
  type BenchCase,
  type BenchFailure,
  type BenchResult,
} from './report.ts';

/**
 * `npm run bench`: runs each case of the table in turn, prints a table and writes
 * bench-results/latest.json. Targets are reported, not enforced: the exit code is 0 even when a value
 * is over its target, and non-zero only when a case fails (an error or a failed sanity check).
 * `npm run bench -- library` runs only the cases whose name contains one of the words.
 */
const cases: BenchCase[] = [
  coldStart,
  freshCloneStart,
  restLatency,
  load,
  ttft,
  streamingBrowser,
  libraryFloor,
  library,
  postImage,
  savedPostsPhotos,
  postCheck,
  nextFreeSlotCase,
  postCheckEval,
  postEditor,
  voiceProfile,
  archiveImport,
  postResults,
  resultsImportBrowser,
  versions,
  carouselPdf,
  carouselPdfBrowser,
];

const words = process.argv.slice(2).map((word) => word.toLowerCase());
const selected = words.length
  ? cases.filter((each) => words.some((word) => each.name.toLowerCase().includes(word)))
  : cases;

const startedAt = new Date();
const results: BenchResult[] = [];
const failures: BenchFailure[] = [];
for (const each of selected) {
  console.log(`\n▶ ${each.name}`);
  try {
    results.push(...(await each.run()));
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`✖ ${each.name} failed:\n${message}`);
    failures.push({ benchmark: each.name, error: message });
  }
}

console.log(`\n${formatTable(results)}`);
await writeJsonReport(resultsFile, results, failures, startedAt);
console.log(`\nResults written to ${resultsFile}`);
if (failures.length > 0) {
  console.error(
    `\n${failures.length} benchmark(s) FAILED: ${failures.map((failure) => failure.benchmark).join(', ')}`,
  );
  process.exitCode = 1;
}
