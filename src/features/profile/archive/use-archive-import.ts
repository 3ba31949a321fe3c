import { useEffect, useRef, useState } from 'react';
import { requireUserId } from '@/lib/supabase/client';
import { voiceSampleLimits } from '@/lib/voice/voice-profile';
import type { ArchiveContents } from './import-archive';
import { readArchive, type ArchiveReading } from './read-archive';
import { saveHistoryPosts, type HistorySaved } from './save-history-posts';

export type ArchiveStage =
  | { step: 'idle' }
  | { step: 'reading'; fileName: string }
  | { step: 'failed'; message: string }
  | { step: 'review'; fileName: string; archive: ArchiveContents }
  | { step: 'done'; history: HistorySaved | null; samples: number };

/** Why the choice cannot be kept as it is, or null. */
export function selectionProblem(samples: number, keepHistory: boolean): string | null {
  if (samples === 0 && !keepHistory)
    return 'Choose the posts to keep as samples, or keep all of them as published history.';
  if (samples > 0 && samples < voiceSampleLimits.min)
    return `Choose at least ${voiceSampleLimits.min} posts as samples (you chose ${samples}), or none to keep your samples as they are.`;
  return null;
}

/**
 * "Import from your LinkedIn archive": a picked file is read off the main thread, its posts shown
 * with the proposed samples ticked; "Keep these posts" saves the history first (all or nothing),
 * then hands the chosen posts to the voice editor (`keepSamples`).
 */
export function useArchiveImport(keepSamples: (samples: string[]) => Promise<void>) {
  const [stage, setStage] = useState<ArchiveStage>({ step: 'idle' });
  const [selected, setSelected] = useState<readonly number[]>([]);
  const [keepHistory, setKeepHistory] = useState(false);
  const [keeping, setKeeping] = useState(false);
  const [keepError, setKeepError] = useState<string | null>(null);
  const reading = useRef<ArchiveReading | null>(null);

  useEffect(() => () => reading.current?.cancel(), []);

  function pick(file: File) {
    reading.current?.cancel();
    const current = readArchive(file);
    reading.current = current;
    setStage({ step: 'reading', fileName: file.name });
    void current.result.then((result) => {
      if (reading.current !== current) return;
      reading.current = null;
      if (!result.ok) {
        setStage({ step: 'failed', message: result.error.message });
        return;
      }
      setSelected(result.archive.proposed);
      setKeepHistory(false);
      setKeepError(null);
      setStage({ step: 'review', fileName: file.name, archive: result.archive });
    });
  }

  function toggle(index: number) {
    setKeepError(null);
    setSelected((current) =>
      current.includes(index)
        ? current.filter((each) => each !== index)
        : current.length < voiceSampleLimits.max
          ? [...current, index].toSorted((a, b) => a - b)
          : current,
    );
  }

  async function keep() {
    if (stage.step !== 'review' || keeping) return;
    const problem = selectionProblem(selected.length, keepHistory);
    setKeepError(problem);
    if (problem) return;
    setKeeping(true);
    let history: HistorySaved | null = null;
    try {
      if (keepHistory) history = await saveHistoryPosts(await requireUserId(), stage.archive.posts);
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : 'Please try again.';
      setKeepError(`Your posts were not kept: ${reason}`);
      setKeeping(false);
      return;
    }
    const samples = selected.flatMap((index) => stage.archive.posts[index]?.text ?? []);
    if (samples.length > 0) await keepSamples(samples);
    setKeeping(false);
    setStage({ step: 'done', history, samples: samples.length });
  }

  function close() {
    reading.current?.cancel();
    reading.current = null;
    setKeepError(null);
    setStage({ step: 'idle' });
  }

  return { stage, pick, selected, toggle, keepHistory, setKeepHistory, keep, keeping, keepError, close };
}
