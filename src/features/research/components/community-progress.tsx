const steps = ['Find Subreddits', 'Search Pain Points', 'Select Content Ideas'];

/** The three-step progress indicator of the community flow. */
export function CommunityProgress({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol aria-label="Progress" className="flex items-center gap-2 text-xs">
      {steps.map((label, index) => {
        const step = index + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li
            key={label}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex items-center gap-2"
          >
            <span
              className={`flex h-6 w-6 items-center justify-center rounded-full font-semibold ${state === 'todo' ? 'bg-slate-200 text-slate-600' : 'bg-brand-500 text-white'}`}
            >
              {step}
            </span>
            <span className={state === 'current' ? 'font-medium text-slate-900' : 'text-slate-500'}>
              {label}
            </span>
            {step < steps.length && <span aria-hidden="true" className="h-px w-4 bg-slate-300" />}
          </li>
        );
      })}
    </ol>
  );
}
