/**
 * Code that runs inside the page for the large-library benchmark: first renders, clicks and long
 * tasks. These functions are defined in every document by an init script (page-script.ts), so each
 * may only use its arguments, browser globals and the other functions of renderProbeScript.
 */

/** What the benchmark looks for; passed to the page as data. */
export interface ProbeSelectors {
  /** A saved post's article (Saved Posts). */
  savedPost: string;
  /** A row of the "Topic ideas" list (Ideas Bank). */
  ideaRow: string;
  /** The Ideas Bank's status line once every idea is loaded, e.g. "Showing 30 of 10,000 ideas". */
  ideasAllLoadedText: string;
  /** A post button of the calendar grid once the month has loaded. */
  calendarPost: string;
}

export interface ProbeMark {
  /** performance.now() when the mutation that satisfied the condition was observed. */
  dom: number;
  /** performance.now() in the next animation frame (the frame that paints it). */
  frame: number | null;
}

export interface ProbeLongTask {
  startTime: number;
  duration: number;
}

export interface Probe {
  marks: Record<string, ProbeMark>;
  /** event.timeStamp of the latest click (capture phase, before any handler). */
  lastClickAt: number | null;
  /** Every long task of the document since it started (observer installed at document start). */
  longTasks: ProbeLongTask[];
  /** Marks `name` (DOM time and next frame) the first time `predicate` holds after a DOM change. */
  watch: (name: string, predicate: () => boolean) => void;
  /** watch() for "an element matches `selector` (and its text contains `text`)". */
  watchSelector: (name: string, selector: string, text?: string) => void;
}

export interface ProbeWindow {
  __benchProbe?: Probe;
}

/** Whether an element matches `selector` (and its text contains `text`). */
function probeMatches(selector: string, text?: string): boolean {
  if (text === undefined) return document.querySelector(selector) !== null;
  for (const element of document.querySelectorAll(selector)) {
    if ((element.textContent ?? '').includes(text)) return true;
  }
  return false;
}

/** Marks each watched condition that holds (DOM time, then its next frame); true once none is left. */
function markSatisfied(probe: Probe, watchers: Map<string, () => boolean>): boolean {
  for (const [name, predicate] of watchers) {
    let satisfied: boolean;
    try {
      satisfied = predicate();
    } catch {
      satisfied = false;
    }
    if (!satisfied) continue;
    watchers.delete(name);
    const mark: ProbeMark = { dom: performance.now(), frame: null };
    probe.marks[name] = mark;
    requestAnimationFrame(() => {
      mark.frame = performance.now();
    });
  }
  return watchers.size === 0;
}

/** A probe with one MutationObserver, observing only while something is watched. */
function createProbe(): Probe {
  const watchers = new Map<string, () => boolean>();
  let observing = false;
  const check = () => {
    if (!markSatisfied(probe, watchers) || !observing) return;
    observer.disconnect();
    observing = false;
  };
  const observer = new MutationObserver(check);
  const options = { childList: true, subtree: true, characterData: true, attributes: true };
  const probe: Probe = {
    marks: {},
    lastClickAt: null,
    longTasks: [],
    watch: (name, predicate) => {
      delete probe.marks[name];
      watchers.set(name, predicate);
      if (!observing) observer.observe(document, { ...options, attributeFilter: ['aria-busy'] });
      observing = true;
      check();
    },
    watchSelector: (name, selector, text) => probe.watch(name, () => probeMatches(selector, text)),
  };
  return probe;
}

/**
 * Runs at the start of every document, before the app: the probe, a click timestamp, a long-task
 * log, and on a full load of /saved, /ideas-bank or /calendar the watches for that page's first render.
 */
export function installProbe(selectors: ProbeSelectors): void {
  const state = window as unknown as ProbeWindow;
  if (state.__benchProbe) return;
  const probe = createProbe();
  state.__benchProbe = probe;
  const onClick = (event: MouseEvent) => {
    probe.lastClickAt = event.timeStamp;
  };
  addEventListener('click', onClick, true);
  if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        probe.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  }
  // A full load: the page's first render, measured from navigation start (performance.now() = 0).
  const path = location.pathname;
  if (path === '/saved') probe.watchSelector('saved', selectors.savedPost);
  if (path === '/ideas-bank') {
    probe.watchSelector('ideasFirst', selectors.ideaRow);
    probe.watchSelector('ideasAll', 'p[role="status"]', selectors.ideasAllLoadedText);
  }
  if (path === '/calendar') probe.watchSelector('calendar', selectors.calendarPost);
}

/** The render probe's functions, defined in every document before the app runs (see page-script.ts). */
export const renderProbeScript = [probeMatches, markSatisfied, createProbe, installProbe];
