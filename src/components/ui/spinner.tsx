export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

/** A full-screen loading state with its message (e.g. "Loading your profile..."). */
export function LoadingScreen({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-600"
    >
      <Spinner className="h-8 w-8 text-brand-500" />
      <p>{message}</p>
    </div>
  );
}
