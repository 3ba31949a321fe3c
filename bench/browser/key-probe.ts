/**
 * Code that runs inside the page for the large-library benchmark: keystroke → filtered list in the
 * Ideas Bank search. These functions are defined in every document by an init script (page-script.ts),
 * so each may only use its arguments, browser globals and the other functions of keyProbeScript.
 */
import type { ProbeLongTask } from './render-probe.ts';

export interface KeyWindow {
  __benchKeys?: KeyProbe;
  armKeyProbe?: (options: KeyProbeOptions) => void;
}

/** What the Ideas Bank must show for one search (computed from the seeded ideas). */
export interface ExpectedView {
  /** N of "Showing … of N ideas". */
  count: number;
  /** The topic of the first row (several when the newest ideas share a timestamp). */
  firstTopics: string[];
}

export interface KeyProbeOptions {
  inputSelector: string;
  listSelector: string;
  statusSelector: string;
  /** Keyed by the normalised search (trimmed, lower-cased). */
  expected: Record<string, ExpectedView>;
}

/** One keystroke in the Ideas Bank search box. */
export interface KeyRecord {
  key: string;
  /** event.timeStamp of the keydown (when the browser received it). */
  downAt: number;
  /** performance.now() in the first keydown listener (capture on window). */
  handledAt: number;
  /** The box's value after this keystroke's input event. */
  query: string | null;
  /** The DOM first showed the result of this search (or of a longer one typed since)… */
  doneAt: number | null;
  /** …and the next animation frame started (the frame that paints it). */
  frameAt: number | null;
  /** The search whose result was shown at doneAt (a later one when this keystroke's render was skipped). */
  shownQuery: string | null;
  /** Rows were added to or removed from the list while this keystroke was pending. */
  rowsChanged: boolean;
}

export interface EventTimingEntry {
  name: string;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

export interface KeyProbe {
  records: KeyRecord[];
  longTasks: ProbeLongTask[];
  /** Event Timing entries of at least 16 ms (keydown, keypress, input… as Chromium reports them). */
  slowEvents: EventTimingEntry[];
  /** What the page shows now, for error messages. */
  snapshot: () => { value: string; busy: string | null; status: string; firstRow: string | null };
  stop: () => void;
}

/** The Ideas Bank as the key probe reads it: the list's aria-busy, the status text and the first row. */
function keyPageView(options: KeyProbeOptions) {
  const list = document.querySelector(options.listSelector);
  return {
    list,
    busy: list?.getAttribute('aria-busy') ?? null,
    status: [...document.querySelectorAll(options.statusSelector)]
      .map((each) => each.textContent ?? '')
      .join(' | '),
    firstRow: list?.querySelector('li p')?.textContent?.trim() ?? null,
  };
}

/** Whether the page shows the complete, current result of `search`. */
function keyPageShows(options: KeyProbeOptions, search: string): boolean {
  const expected = options.expected[search.trim().toLowerCase()];
  const view = keyPageView(options);
  if (!expected || !view.list || view.busy === 'true') return false;
  const total = /of ([\d,]+) idea/.exec(view.status)?.[1];
  if (total === undefined || Number(total.replaceAll(',', '')) !== expected.count) return false;
  return view.firstRow !== null && expected.firstTopics.includes(view.firstRow);
}

/** Marks the pending keystrokes whose result (or a longer search's) is on screen for the box's `value`. */
function markAnsweredKeys(
  options: KeyProbeOptions,
  records: KeyRecord[],
  value: string,
  change: { inFrame: boolean; rowsChanged: boolean },
): void {
  const answered: KeyRecord[] = [];
  for (const record of records) {
    if (record.query === null || record.doneAt !== null) continue;
    if (change.rowsChanged) record.rowsChanged = true;
    if (!value.startsWith(record.query)) continue;
    for (let length = value.length; length >= record.query.length; length -= 1) {
      const search = value.slice(0, length);
      if (keyPageShows(options, search)) {
        record.shownQuery = search;
        answered.push(record);
        break;
      }
    }
  }
  if (answered.length === 0) return;
  const now = performance.now();
  for (const record of answered) {
    record.doneAt = now;
    if (change.inFrame) record.frameAt = now;
  }
  if (change.inFrame) return;
  requestAnimationFrame(() => {
    const frameAt = performance.now();
    for (const record of answered) record.frameAt = frameAt;
  });
}

/** A keystroke just received (synthetic keys normally carry the time they were dispatched; else now). */
function newKeyRecord(event: KeyboardEvent): KeyRecord {
  const now = performance.now();
  const stamped = event.timeStamp > 0 && event.timeStamp <= now && event.timeStamp > now - 10_000;
  const downAt = stamped ? event.timeStamp : now;
  return {
    key: event.key,
    downAt,
    handledAt: now,
    query: null,
    doneAt: null,
    frameAt: null,
    shownQuery: null,
    rowsChanged: false,
  };
}

/** Records long tasks and Event Timing entries of at least 16 ms; returns the observers to disconnect. */
function observeKeyTimings(
  longTasks: ProbeLongTask[],
  slowEvents: EventTimingEntry[],
): PerformanceObserver[] {
  const observers: PerformanceObserver[] = [];
  if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    const tasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    });
    tasks.observe({ type: 'longtask', buffered: false });
    observers.push(tasks);
  }
  if (PerformanceObserver.supportedEntryTypes.includes('event')) {
    const events = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        const { name, startTime, processingStart, processingEnd, duration } = entry;
        slowEvents.push({ name, startTime, processingStart, processingEnd, duration });
      }
    });
    events.observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    observers.push(events);
  }
  return observers;
}

/**
 * Arms the keystroke measurement on the Ideas Bank. A keydown listener stamps each key and the
 * input event records the box's value. A keystroke is answered once the page shows its result: the
 * list is not marked stale (aria-busy, useDeferredValue's dimmed previous result), the status line
 * reads "… of N ideas" with the expected N and the first row is the expected newest match. This is
 * checked after every DOM change (MutationObserver) and in the first animation frame after each
 * input event (a synchronous update changes nothing after it), so it holds whether the page filters
 * synchronously, deferred or debounced. A keystroke whose own render was skipped counts until the
 * result of a longer search shows.
 */
export function armKeyProbe(options: KeyProbeOptions): void {
  const state = window as unknown as KeyWindow;
  state.__benchKeys?.stop();
  const input = document.querySelector<HTMLInputElement>(options.inputSelector);
  if (!input) throw new Error(`no element matches ${options.inputSelector}`);
  const records: KeyRecord[] = [];
  const check = (inFrame: boolean, rowsChanged: boolean) =>
    markAnsweredKeys(options, records, input.value, { inFrame, rowsChanged });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === input) records.push(newKeyRecord(event));
  };
  const onInput = (event: Event) => {
    const pending = records.findLast((record) => record.query === null);
    if (event.target !== input || !pending) return;
    pending.query = input.value;
    requestAnimationFrame(() => check(true, false));
  };
  const listChanged = (mutation: MutationRecord) =>
    mutation.type === 'childList' &&
    mutation.target instanceof Element &&
    mutation.target.matches(options.listSelector);
  const observer = new MutationObserver((mutations) => check(false, mutations.some(listChanged)));
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
  addEventListener('keydown', onKeyDown, true);
  addEventListener('input', onInput, true);
  const longTasks: ProbeLongTask[] = [];
  const slowEvents: EventTimingEntry[] = [];
  const observers = observeKeyTimings(longTasks, slowEvents);
  state.__benchKeys = {
    records,
    longTasks,
    slowEvents,
    snapshot: () => {
      const { busy, status, firstRow } = keyPageView(options);
      return { value: input.value, busy, status, firstRow };
    },
    stop: () => {
      observer.disconnect();
      removeEventListener('keydown', onKeyDown, true);
      removeEventListener('input', onInput, true);
      for (const each of observers) each.disconnect();
    },
  };
}

/** The key probe's functions, defined in every document before the app runs (see page-script.ts). */
export const keyProbeScript = [
  keyPageView,
  keyPageShows,
  markAnsweredKeys,
  newKeyRecord,
  observeKeyTimings,
  armKeyProbe,
];
