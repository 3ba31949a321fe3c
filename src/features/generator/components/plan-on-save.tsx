import { useId, useState, type Ref, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { usePlanTimeZone } from '@/entities/post/queue/use-plan-time-zone';
import { toDateTimeLocal } from '@/lib/format/plan-dates';
import { readPlanInput } from '@/lib/format/plan-input';

const refusals = {
  passed: 'That time has already passed. Pick a later time.',
  missing: 'Choose a date and a time.',
} as const;

interface PlanFocus {
  /** The field, focused when it is revealed and when a time is refused. */
  input: RefObject<HTMLInputElement | null>;
  /** The "Plan…" button, focused again when the field goes away. */
  button: RefObject<HTMLButtonElement | null>;
}

/**
 * Planning a post as it is saved. `plannedFor` is the field's value while planning ('' before a time
 * is chosen) or null; the page keeps it, so nothing typed is lost. Planning is offered only with
 * `onChange`.
 */
export function usePlanOnSave(
  plannedFor: string | null,
  onChange: ((value: string | null) => void) | undefined,
  focus: PlanFocus,
) {
  const [error, setError] = useState<string | null>(null);
  const timeZone = usePlanTimeZone();
  const planning = plannedFor !== null && onChange !== undefined;

  return {
    offered: onChange !== undefined,
    /** The field's value while planning, else null. */
    value: planning ? plannedFor : null,
    error,
    /** Shows the field and puts the focus in it. */
    reveal() {
      flushSync(() => onChange?.(''));
      focus.input.current?.focus();
    },
    change(value: string) {
      setError(null);
      onChange?.(value);
    },
    /** "Don't plan": the field goes, and the focus returns to "Plan…". */
    clear() {
      setError(null);
      flushSync(() => onChange?.(null));
      focus.button.current?.focus();
    },
    /**
     * The time to save with (null: not planned), or undefined when the typed time is refused: the
     * reason then shows next to the field, which takes the focus, and keeps its value.
     */
    check(): Date | null | undefined {
      if (!planning) return null;
      const read = readPlanInput(plannedFor, timeZone);
      if (read.ok) return read.date;
      setError(refusals[read.problem]);
      focus.input.current?.focus();
      return undefined;
    },
  };
}

interface PlanOnSaveProps {
  /** The datetime-local value typed so far ('' until a time is chosen). */
  value: string;
  onChange: (value: string) => void;
  /** "Don't plan": the post is saved without a time. */
  onClear: () => void;
  /** Why the time cannot be planned, shown next to the field; null when nothing is wrong. */
  error: string | null;
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * "Planned for" on the preview card: a time in planning's time zone (Settings → Schedule, else the browser's) that the post is saved with, as
 * Saved Posts plans a post (docs/product.md §7.5). The card checks the time when it saves.
 */
export function PlanOnSave({ value, onChange, onClear, error, disabled, inputRef }: PlanOnSaveProps) {
  const id = useId();
  const [openedAt] = useState(() => new Date());
  const timeZone = usePlanTimeZone();
  return (
    <div role="group" aria-label="Plan this post" className="space-y-2 border-t border-slate-100 px-4 py-3">
      <label htmlFor={`${id}-when`} className="block text-sm font-medium text-slate-700">
        Planned for
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={`${id}-when`}
          type="datetime-local"
          value={value}
          min={toDateTimeLocal(openedAt, timeZone)}
          disabled={disabled}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-zone ${id}-error` : `${id}-zone`}
          onChange={(event) => onChange(event.target.value)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 disabled:bg-slate-50 aria-[invalid=true]:border-red-500"
        />
        <Button variant="ghost" className="px-3 py-1.5" onClick={onClear} disabled={disabled}>
          Don&apos;t plan
        </Button>
      </div>
      <p id={`${id}-zone`} className="text-xs text-slate-500">
        Times are in {timeZone}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
