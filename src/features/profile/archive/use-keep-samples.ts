import { useCallback, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/** What of Settings' voice editor (use-voice-editor.ts) the import uses. */
export interface SamplesEditor {
  setSamples: (samples: string[]) => void;
  learn: () => void;
  save: () => Promise<void>;
  saving: boolean;
}

/**
 * Keeps posts as the voice samples the way the author would by hand, through the same editor: they
 * replace the samples in "Your voice", "Learn my voice" learns the profile from them, and "Save
 * Voice" stores both, with the editor's own messages. Each step reads the editor as the step before
 * left it, so each is committed (flushSync) and the next one runs on the editor of that render.
 */
export function useKeepSamples(editor: SamplesEditor): (samples: string[]) => Promise<void> {
  const latest = useRef(editor);
  useLayoutEffect(() => {
    latest.current = editor;
  });
  return useCallback(async (samples: string[]) => {
    flushSync(() => latest.current.setSamples(samples));
    flushSync(() => latest.current.learn());
    await latest.current.save();
  }, []);
}
