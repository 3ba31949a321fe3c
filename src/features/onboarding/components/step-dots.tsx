/** "Step N of 5" with one dot per step. */
export function StepDots({ step, total }: { step: number; total: number }) {
  return (
    <div className="flex items-center gap-3">
      <p className="text-sm text-slate-600">
        Step {step} of {total}
      </p>
      <ol className="flex gap-1.5" aria-hidden="true">
        {Array.from({ length: total }, (_, index) => (
          <li
            key={index}
            className={`h-2 w-2 rounded-full ${index + 1 <= step ? 'bg-brand-500' : 'bg-slate-300'}`}
          />
        ))}
      </ol>
    </div>
  );
}
