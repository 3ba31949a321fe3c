import { X } from 'lucide-react';

/** The "×" that closes a dialog or a panel; `label` says what it closes, for screen readers. */
export function CloseButton({
  label = 'Close',
  onClick,
  size = 'md',
}: {
  label?: string;
  onClick: () => void;
  size?: 'sm' | 'md';
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`rounded-md text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${size === 'sm' ? 'p-1.5' : 'p-2'}`}
    >
      <X aria-hidden="true" className={size === 'sm' ? 'h-4 w-4' : 'h-5 w-5'} />
    </button>
  );
}
