import { ideasShownPerStep } from '../../src/features/ideas/use-ideas-view.ts';
import type { ProbeSelectors } from '../browser/render-probe.ts';

export const postCount = 10_000;
export const ideaCount = 10_000;
export const currentMonthPostCount = 420;
/** Measured runs of each first render, month switch and typed search, after `warmups` unmeasured ones. */
export const runs = 5;
export const warmups = 1;
export const searchQuery = 'leadership';
export { ideasShownPerStep };

export const count = (n: number) => n.toLocaleString('en-US');

export const selectors: ProbeSelectors = {
  savedPost: 'article[aria-labelledby^="post-"]',
  ideaRow: 'ul[aria-label="Topic ideas"] > li',
  ideasAllLoadedText: `Showing ${ideasShownPerStep} of ${count(ideaCount)} ideas`,
  calendarPost: ['Published', 'Draft']
    .map((label) => `table[aria-busy="false"] button[aria-label$=", ${label}"]`)
    .join(', '),
};
export const searchSelector = 'input[placeholder="Search topics..."]';
export const ideasListSelector = 'ul[aria-label="Topic ideas"]';
export const calendarTitleSelector = 'h2[aria-live="polite"]';

export const monthLabel = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(date);
