import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toDateTimeLocal } from '@/lib/format/plan-dates';
import { readPlanInput } from '@/lib/format/plan-input';
import { usePlanTimeZone } from '../../queue/use-plan-time-zone';

interface PlanFieldProps {
  /** The planned time as stored (ISO), or null when the post is not planned. */
  plannedAt: string | null;
  /** Saves the plan (null removes it); rejects with the reason in the user's words. */
  onPlan: (date: Date | null) => Promise<unknown>;
  /** Offered when the chosen time has passed: opens the publish confirmation. */
  onPublishNow?: (() => void) | undefined;
  disabled?: boolean | undefined;
  /** The current time (tests); the clock otherwise. */
  now?: Date | undefined;
}

const planFailed = 'Could not save the plan. Please try again.';

/**
 * "Planned for": a date and time in planning's time zone (Settings → Schedule, else the browser's),
 * which the field names. A time that has passed is never saved:
 * the field asks whether to publish now instead. A failed save keeps what was typed.
 */
export function PlanField({ plannedAt, onPlan, onPublishNow, disabled = false, now }: PlanFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const timeZone = usePlanTimeZone();
  const saved = plannedAt ? toDateTimeLocal(new Date(plannedAt), timeZone) : '';
  const [value, setValue] = useState(saved);
  // A new plan from outside (this field's own save, or another screen) replaces what is shown.
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    setValue(saved);
  }
  const [openedAt] = useState(() => new Date());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passed, setPassed] = useState(false);

  async function save(date: Date | null) {
    setSaving(true);
    setError(null);
    setPassed(false);
    try {
      await onPlan(date);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : planFailed);
    } finally {
      setSaving(false);
    }
  }

  function plan() {
    const read = readPlanInput(value, timeZone, now ?? new Date());
    if (!read.ok && read.problem === 'missing') {
      setError('Choose a date and a time.');
      return;
    }
    setError(null);
    if (read.ok) void save(read.date);
    else setPassed(true);
  }

  function pickAnother() {
    setPassed(false);
    input.current?.focus();
  }

  const off = disabled || saving;
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-when`} className="block text-sm font-medium text-slate-700">
        Planned for
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={`${id}-when`}
          type="datetime-local"
          value={value}
          min={toDateTimeLocal(now ?? openedAt, timeZone)}
          disabled={off}
          aria-describedby={`${id}-zone`}
          onChange={(event) => {
            setValue(event.target.value);
            setPassed(false);
          }}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 disabled:bg-slate-50"
        />
        <Button variant="secondary" onClick={plan} disabled={off || value === '' || value === saved}>
          {saving ? 'Saving...' : 'Plan'}
        </Button>
        {plannedAt && (
          <Button variant="ghost" onClick={() => void save(null)} disabled={off}>
            Remove plan
          </Button>
        )}
      </div>
      <p id={`${id}-zone`} className="text-xs text-slate-500">
        Times are in {timeZone}
      </p>
      {passed && (
        <Alert tone="warning">
          <p>
            {onPublishNow
              ? 'That time has already passed. Publish now instead?'
              : 'That time has already passed.'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {onPublishNow && (
              <Button
                onClick={() => {
                  setPassed(false);
                  onPublishNow();
                }}
              >
                Publish now
              </Button>
            )}
            <Button variant="secondary" onClick={pickAnother}>
              Pick another time
            </Button>
          </div>
        </Alert>
      )}
      {error && <Alert tone="danger">{error}</Alert>}
    </div>
  );
}
