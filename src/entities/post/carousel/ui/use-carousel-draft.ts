import { useEffect, useRef, useState } from 'react';
import { AiRequestError } from '@/lib/ai/ai-error';
import { draftCarouselSlides, type CarouselAi } from '../draft-carousel-slides';
import type { CarouselAuthor } from '../engine/parse-carousel-reply';
import type { Carousel } from '../engine/carousel-schema';

export type CarouselDraftState =
  | { status: 'idle' }
  | { status: 'writing'; slidesSoFar: number; retrying: boolean }
  | { status: 'failed'; message: string };

/** Slides begun in a reply so far (each has a heading), for "Writing slides… 3 so far". */
const slidesBegun = (text: string) => (text.match(/"heading"\s*:/g) ?? []).length;

const stoppedMessage = 'You stopped the slides before they were finished. Your post is unchanged.';

/**
 * Writing the slides with the AI: one streamed call (and one automatic retry when its reply cannot
 * be used), stoppable; a failure is said with a way to try again. The post is never touched.
 */
export function useCarouselDraft(
  request: { post: string; author: CarouselAuthor; ai: CarouselAi | null },
  onDrafted: (carousel: Carousel) => void,
  /** The AI call; tests of the editor pass one that answers at once. */
  draftSlides: typeof draftCarouselSlides = draftCarouselSlides,
) {
  const [state, setState] = useState<CarouselDraftState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    if (!request.ai) {
      setState({ status: 'failed', message: 'The AI service is not ready yet. Try again in a moment.' });
      return;
    }
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'writing', slidesSoFar: 0, retrying: false });
    let retrying = false;
    try {
      const result = await draftSlides({
        post: request.post,
        author: request.author,
        ai: request.ai,
        signal: abort.signal,
        onText: (text) => {
          if (!abort.signal.aborted)
            setState({ status: 'writing', slidesSoFar: slidesBegun(text), retrying });
        },
        onRetry: () => {
          retrying = true;
          setState({ status: 'writing', slidesSoFar: 0, retrying });
        },
      });
      if (abort.signal.aborted) return;
      if (result.ok) {
        setState({ status: 'idle' });
        onDrafted(result.carousel);
      } else setState({ status: 'failed', message: result.problem.message });
    } catch (error) {
      if (abort.signal.aborted) return;
      const message =
        error instanceof AiRequestError && error.message
          ? error.message
          : 'The slides could not be written. Check your connection and try again.';
      setState({ status: 'failed', message });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  function stop() {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'failed', message: stoppedMessage });
  }

  return { state, start: () => void start(), stop };
}
