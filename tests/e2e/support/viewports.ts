import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** The widths every page must work at: a phone, a small tablet / split window, a laptop, a desktop. */
export const widths = [390, 800, 1280, 1920] as const;
export type Width = (typeof widths)[number];

/** Full-page screenshots are kept for these widths (test-results/ is the CI artefact folder). */
export const screenshotWidths: readonly Width[] = [390, 1280];
const screenshotDir = path.resolve('test-results', 'screenshots');

/** Resizes the page and waits until the layout has caught up (two animation frames). */
export async function setWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction((expected) => window.innerWidth === expected, width);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

export async function saveScreenshot(page: Page, name: string, width: number): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true });
}

/**
 * What a user would see as "cut off" on the current page, as readable lines (empty when fine):
 * the document scrolling sideways, a box inside it scrolling sideways (a calendar or a nav bar that
 * hides its end), and select boxes too narrow for their longest choice.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ??
        element.getAttribute('id') ??
        (element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()} class="${(element.getAttribute('class') ?? '').slice(0, 60)}"> "${label}"`;
    };
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 1 && box.height > 1;
    };

    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      const widest = Array.from(document.body.querySelectorAll('*'))
        .filter((element) => visible(element) && element.getBoundingClientRect().right > root.clientWidth + 1)
        .slice(0, 5)
        .map(describe);
      problems.push(
        `the page scrolls sideways: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}; past the edge: ${widest.join(' | ')}`,
      );
    }

    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(element)) continue;
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1)
        problems.push(
          `a box scrolls sideways (${element.scrollWidth} > ${element.clientWidth}): ${describe(element)}`,
        );
    }

    const canvas = document.createElement('canvas').getContext('2d');
    for (const select of Array.from(document.querySelectorAll('select'))) {
      if (!visible(select) || !canvas) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const longest = Math.max(
        ...Array.from(select.options).map((option) => canvas.measureText(option.text).width),
      );
      // The arrow takes about 1.25em on the right in Chromium.
      const needed =
        longest +
        parseFloat(style.paddingLeft) +
        parseFloat(style.paddingRight) +
        1.25 * parseFloat(style.fontSize);
      if (needed > select.clientWidth)
        problems.push(
          `select "${select.labels[0]?.textContent ?? select.name}" is ${select.clientWidth}px wide but its longest choice needs ${Math.ceil(needed)}px`,
        );
    }
    return problems;
  });
}

/**
 * Whether the element is entirely on screen horizontally and not cut by a scrolling or clipping
 * ancestor (vertical scrolling is fine: pages are long).
 */
export async function fullyShown(locator: Locator): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) return false;
    for (
      let parent = element.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    ) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const outer = parent.getBoundingClientRect();
      if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5) return false;
    }
    return true;
  });
}

/** Whether text in the element is shown in full (not truncated by an ellipsis or a line clamp). */
export async function textShownInFull(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1,
  );
}

/**
 * Whether a tap on the middle of the element would reach it: the point is inside the viewport and
 * nothing covers or clips the element there (a squeezed drawer, an overlay, a scrolled-away box).
 * For controls that must be on screen without scrolling, such as the navigation.
 */
export async function pointerReaches(locator: Locator): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === element || element.contains(hit));
  });
}
