import type { ReactNode } from 'react';

const tones = {
  danger: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-brand-100 bg-brand-50 text-brand-700',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;

/** A message box: `danger` is announced immediately to screen readers, the others politely. */
export function Alert({
  tone,
  children,
  className = '',
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
