import { Monitor, Smartphone } from 'lucide-react';
import { useId } from 'react';
import type { FeedDevice } from '@/lib/linkedin/linkedin-text';

const devices: { device: FeedDevice; label: string; icon: typeof Monitor }[] = [
  { device: 'phone', label: 'Phone', icon: Smartphone },
  { device: 'desktop', label: 'Desktop', icon: Monitor },
];

/** Which device's "…see more" fold the editor shades: LinkedIn folds sooner on a phone. */
export function FoldToggle({
  device,
  onChange,
  folded,
}: {
  device: FeedDevice;
  onChange: (device: FeedDevice) => void;
  /** Whether the post is long enough to fold on that device. */
  folded: boolean;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 pb-2 text-xs text-slate-500">
      <div role="radiogroup" aria-label="See the fold on" aria-describedby={hintId} className="flex gap-1">
        {devices.map(({ device: each, label, icon: Icon }) => (
          <button
            key={each}
            type="button"
            role="radio"
            aria-checked={device === each}
            onClick={() => onChange(each)}
            className={`flex items-center gap-1 rounded-md px-2 py-1 font-medium ${device === each ? 'bg-slate-100 text-slate-800' : 'hover:bg-slate-50'}`}
          >
            <Icon aria-hidden="true" className="h-3.5 w-3.5" /> {label}
          </button>
        ))}
      </div>
      <p id={hintId}>
        {folded
          ? `Shaded: behind “…see more” on ${device === 'phone' ? 'a phone' : 'a desktop'}`
          : `All of it shows on ${device === 'phone' ? 'a phone' : 'a desktop'} before “…see more”`}
      </p>
    </div>
  );
}
