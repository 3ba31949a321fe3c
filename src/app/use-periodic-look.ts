import { useEffect, useRef } from 'react';

/**
 * Runs `look` now, every `everyMs`, and whenever the page is shown again, while `enabled`; the
 * app-wide notices use it to check the posts. `look` receives whether its answer is still wanted
 * (false once the component is gone or the look is turned off).
 */
export function usePeriodicLook(look: (stillWanted: () => boolean) => void, everyMs: number, enabled = true) {
  const latest = useRef(look);
  useEffect(() => {
    latest.current = look;
  });

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const run = () => latest.current(() => current);
    run();
    const timer = setInterval(run, everyMs);
    const onShown = () => {
      if (document.visibilityState === 'visible') run();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      current = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [everyMs, enabled]);
}
