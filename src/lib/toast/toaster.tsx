import { Toaster as HotToaster } from 'react-hot-toast';
import { toastDurations } from '@/config/timers';

/** The app's toast area (docs/product.md §16): top-center, 8px gutter, 16px offset, max width 350px. */
export function Toaster() {
  return (
    <HotToaster
      position="top-center"
      gutter={8}
      containerStyle={{ top: 16, left: 16, right: 16, bottom: 16 }}
      toastOptions={{
        duration: toastDurations.default,
        style: { maxWidth: 350 },
        success: { duration: toastDurations.success },
        error: { duration: toastDurations.error },
        loading: { duration: Infinity },
      }}
    />
  );
}
