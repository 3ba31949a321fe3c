import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatWeeklySlot, weekdayNames } from '@/entities/post/queue/format-in-zone';
import { slotKey } from '@/entities/post/queue/slot-math';
import { useScheduleStore } from '@/entities/post/queue/schedule-store';
import { browserTimeZone, knownTimeZones } from '@/entities/post/queue/time-zones';
import { addSlot, checkForm, formKey, type ScheduleForm } from '../schedule-form';

const control =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 aria-[invalid=true]:border-red-500';

/**
 * Settings → Schedule (docs/product.md §9.6): the weekly posting times "Add to queue" fills, and
 * the time zone they are read in (the browser's until the author picks another), saved with its
 * own button. Nothing typed is lost when a save fails.
 */
export function ScheduleSection() {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const schedule = useScheduleStore((state) => state.schedule);
  const loaded = useScheduleStore((state) => state.loaded);
  const loadError = useScheduleStore((state) => state.error);
  const stored: ScheduleForm = schedule ?? { timeZone: browserTimeZone(), slots: [] };
  const [form, setForm] = useState<ScheduleForm>(stored);
  const [shown, setShown] = useState(formKey(stored));
  const [zones] = useState(knownTimeZones);
  // A schedule loaded (or saved) from elsewhere replaces the form while it has no changes of its own.
  if (formKey(stored) !== shown) {
    if (formKey(form) === shown) setForm(stored);
    setShown(formKey(stored));
  }
  const [weekday, setWeekday] = useState(2);
  const [time, setTime] = useState('08:30');
  const [addError, setAddError] = useState<string | null>(null);
  const [zoneError, setZoneError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const unsaved = formKey(form) !== formKey(stored);

  useEffect(() => {
    useScheduleStore
      .getState()
      .load()
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (location.hash !== '#schedule' || !heading.current) return;
    heading.current.scrollIntoView?.({ block: 'start' });
    heading.current.focus();
  }, [location.hash]);

  function add() {
    const result = addSlot(form.slots, weekday, time);
    if (!result.ok) {
      setAddError(result.message);
      return;
    }
    setAddError(null);
    setSaved(false);
    setForm((current) => ({ ...current, slots: result.slots }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(form);
    if (!checked.ok) {
      setZoneError(checked.message);
      return;
    }
    setZoneError(null);
    setSaving(true);
    setSaveError(null);
    setSaved(false);
    try {
      await useScheduleStore.getState().save(checked.form);
      setSaved(true);
    } catch (caught) {
      setSaveError(caught instanceof Error ? caught.message : 'Could not save your schedule.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      id="schedule"
      aria-labelledby={`${id}-heading`}
      className="mt-6 scroll-mt-4 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2
        id={`${id}-heading`}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-medium text-slate-800 focus:outline-none"
      >
        Schedule
      </h2>
      <p className="text-sm text-slate-600">
        Your weekly posting times. &ldquo;Add to queue&rdquo; plans a draft for the next free one; the
        calendar shows the free ones.
      </p>
      {!loaded && loadError && <Alert tone="danger">{loadError}</Alert>}
      <form onSubmit={save} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-zone`} className="block text-sm font-medium text-slate-700">
            Time zone
          </label>
          <input
            id={`${id}-zone`}
            list={`${id}-zones`}
            value={form.timeZone}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={Boolean(zoneError)}
            aria-describedby={`${id}-zone-hint`}
            onChange={(event) => {
              setZoneError(null);
              setSaved(false);
              setForm((current) => ({ ...current, timeZone: event.target.value }));
            }}
            className={control}
          />
          <datalist id={`${id}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <p
            id={`${id}-zone-hint`}
            className={`mt-1 text-xs ${zoneError ? 'text-red-600' : 'text-slate-500'}`}
          >
            {zoneError ?? `Posting times are read in this zone. This browser is in ${browserTimeZone()}.`}
          </p>
        </div>
        <div>
          <h3 className="text-sm font-medium text-slate-700">Posting times</h3>
          {form.slots.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">No posting times yet. Add one below.</p>
          ) : (
            <ul
              aria-label="Posting times"
              className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200"
            >
              {form.slots.map((slot) => (
                <li key={slotKey(slot)} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span>{formatWeeklySlot(slot)}</span>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${formatWeeklySlot(slot)}`}
                    onClick={() => {
                      setSaved(false);
                      setForm((current) => ({
                        ...current,
                        slots: current.slots.filter((other) => slotKey(other) !== slotKey(slot)),
                      }));
                    }}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`${id}-day`} className="block text-sm font-medium text-slate-700">
              Day
            </label>
            <select
              id={`${id}-day`}
              value={weekday}
              onChange={(event) => setWeekday(Number(event.target.value))}
              className={control}
            >
              {weekdayNames.slice(1).map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-time`} className="block text-sm font-medium text-slate-700">
              Time
            </label>
            <input
              id={`${id}-time`}
              type="time"
              value={time}
              onChange={(event) => {
                setAddError(null);
                setTime(event.target.value);
              }}
              aria-invalid={Boolean(addError)}
              aria-describedby={addError ? `${id}-add-error` : undefined}
              className={control}
            />
          </div>
          <Button variant="secondary" onClick={add}>
            Add time
          </Button>
        </div>
        {addError && (
          <p id={`${id}-add-error`} className="text-sm text-red-600">
            {addError}
          </p>
        )}
        {saveError && <Alert tone="danger">{saveError}</Alert>}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="text-sm text-green-700">
            {saved && !unsaved ? 'Schedule saved' : ''}
          </p>
          <Button type="submit" disabled={saving || (!unsaved && loaded && schedule !== null)}>
            {saving ? 'Saving...' : 'Save schedule'}
          </Button>
        </div>
      </form>
    </section>
  );
}
