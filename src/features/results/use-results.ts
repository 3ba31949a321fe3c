import { useCallback, useEffect, useRef, useState } from 'react';
import { matchResults, type MatchedRow, type UnmatchedRow } from './match-results';
import { readAnalyticsExport, type ExportReading } from './read-analytics-export';
import { fetchPostsWithResults, saveExportResults } from './results-api';
import type { PostWithResults } from './results-post';

export type ImportStage =
  | { step: 'idle' }
  | { step: 'reading'; fileName: string }
  | { step: 'saving'; fileName: string }
  | { step: 'failed'; message: string }
  | { step: 'done'; fileName: string; matched: MatchedRow[]; unmatched: UnmatchedRow[] };

export type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; posts: PostWithResults[] };

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/**
 * The Results page's data: the author's published posts with their results, and the import of
 * LinkedIn's analytics export (read off the main thread, matched to the posts, stored in one call:
 * all the matched posts' results or none; the last results stay when it fails).
 */
export function useResults(userId: string | null, timeZone: string) {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [stage, setStage] = useState<ImportStage>({ step: 'idle' });
  const reading = useRef<ExportReading | null>(null);

  const refresh = useCallback(async () => {
    if (!userId) return null;
    try {
      const posts = await fetchPostsWithResults(userId);
      setLoad({ status: 'ready', posts });
      return posts;
    } catch (error) {
      setLoad({ status: 'failed', message: `Your results could not be loaded: ${reason(error)}` });
      return null;
    }
  }, [userId]);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    fetchPostsWithResults(userId).then(
      (posts) => current && setLoad({ status: 'ready', posts }),
      (error: unknown) =>
        current &&
        setLoad({ status: 'failed', message: `Your results could not be loaded: ${reason(error)}` }),
    );
    return () => {
      current = false;
    };
  }, [userId]);
  useEffect(() => () => reading.current?.cancel(), []);

  function pick(file: File) {
    reading.current?.cancel();
    const current = readAnalyticsExport(file);
    reading.current = current;
    setStage({ step: 'reading', fileName: file.name });
    void current.result.then(async (result) => {
      if (reading.current !== current) return;
      reading.current = null;
      if (!result.ok) {
        setStage({ step: 'failed', message: result.error.message });
        return;
      }
      const posts = load.status === 'ready' ? load.posts : await refresh();
      if (!posts) {
        setStage({
          step: 'failed',
          message: 'Your posts could not be loaded, so nothing was imported. Please try again.',
        });
        return;
      }
      const { matched, unmatched } = matchResults(
        result.rows,
        posts.map((each) => each.post),
        timeZone,
      );
      setStage({ step: 'saving', fileName: file.name });
      try {
        if (matched.length > 0) await saveExportResults(matched, new Date().toISOString());
      } catch (error) {
        setStage({
          step: 'failed',
          message: `Nothing was imported, and your earlier results are as they were: ${reason(error)}`,
        });
        return;
      }
      await refresh();
      setStage({ step: 'done', fileName: file.name, matched, unmatched });
    });
  }

  function close() {
    reading.current?.cancel();
    reading.current = null;
    setStage({ step: 'idle' });
  }

  return { load, stage, pick, close, reload: refresh };
}
