import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from './axe.ts';
import {
  fullyShown,
  layoutProblems,
  saveScreenshot,
  screenshotWidths,
  setWidth,
  widths,
  type Width,
} from './viewports.ts';

export interface WidthReport {
  width: Width;
  /** Layout problems a user would notice (empty when the page works at this width). */
  problems: string[];
  /** axe-core's serious and critical violations. */
  axe: string[];
}

export interface PageCheck {
  /** The page's name in reports and screenshot files, e.g. "calendar". */
  name: string;
  /** Controls that must be entirely on screen and not cut off at every width. */
  keyControls?: () => Locator[];
  /** More checks at each width; returns problems as readable lines. */
  extra?: (width: Width) => Promise<string[]>;
}

/** Retries a check while the layout settles (a resize, a view switch); returns the last answer. */
async function settled(check: () => Promise<string[]>, timeoutMs = 4000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const problems = await check();
    if (problems.length === 0 || Date.now() > deadline) return problems;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function controlsCutOff(controls: Locator[]): Promise<string[]> {
  const problems: string[] = [];
  for (const control of controls) {
    const count = await control.count();
    if (count === 0) problems.push(`missing: ${control.toString()}`);
    for (let index = 0; index < count; index += 1)
      if (!(await fullyShown(control.nth(index))))
        problems.push(`cut off or hidden: ${control.nth(index).toString()}`);
  }
  return problems;
}

/**
 * Shows the page at every width: checks the layout, the key controls and axe, and saves a
 * full-page screenshot at the screenshot widths. Ends at 1280 px, the other tests' size.
 */
export async function checkAtEveryWidth(page: Page, check: PageCheck): Promise<WidthReport[]> {
  const reports: WidthReport[] = [];
  for (const width of widths) {
    await setWidth(page, width);
    const problems = await settled(async () => [
      ...(await layoutProblems(page)),
      ...(await controlsCutOff(check.keyControls?.() ?? [])),
      ...((await check.extra?.(width)) ?? []),
    ]);
    const axe = await seriousAxeViolations(page);
    if (screenshotWidths.includes(width)) await saveScreenshot(page, check.name, width);
    reports.push({ width, problems, axe });
  }
  await setWidth(page, 1280);
  console.log(
    `[${check.name}] ${reports.map((report) => `${report.width}px: ${report.problems.length} layout problems, ${report.axe.length} serious/critical axe violations`).join('; ')}`,
  );
  return reports;
}
