import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** docs/product.md §2's loading text, with the seconds elapsed: research takes a while. */
export function LoadingNotice() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700"
    >
      <Spinner className="h-4 w-4" />
      <span>This may take a while. Go get a brew</span>
      <span className="ml-auto tabular-nums text-brand-600">{seconds}s</span>
    </div>
  );
}
