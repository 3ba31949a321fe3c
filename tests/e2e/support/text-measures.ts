import type { Locator } from 'playwright-core';

/**
 * About how many characters of `text` a user can read inside `container`: the element holding the
 * text, its width times its visible lines, divided by the text's average character width. A
 * truncated or clamped topic counts only what fits.
 */
export async function readableCharacters(container: Locator, text: string): Promise<number> {
  return container.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let holder: HTMLElement | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.textContent?.includes(wanted.slice(0, 12))) {
        holder = node.parentElement;
        break;
      }
    if (!holder) return 0;
    const style = getComputedStyle(holder);
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) return 0;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const fullWidth = canvas.measureText(wanted).width;
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    // What the holder shows of its own text, without whatever else it holds (a time, an icon).
    const others = Array.from(holder.children).reduce(
      (sum, child) => sum + child.getBoundingClientRect().width,
      0,
    );
    const lines = Math.max(1, Math.round(holder.clientHeight / lineHeight));
    const room = holder.clientWidth * lines - others;
    if (
      room >= fullWidth &&
      holder.scrollWidth <= holder.clientWidth + 1 &&
      holder.scrollHeight <= holder.clientHeight + 1
    )
      return wanted.length;
    return Math.max(0, Math.floor((room / fullWidth) * wanted.length));
  }, text);
}

/** Problems (empty when none) with a heading that should stand out from the body text beside it. */
export async function headingLooksLikeHeading(heading: Locator, body: Locator): Promise<string[]> {
  const [headingStyle, bodyStyle] = await Promise.all(
    [heading, body].map((locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { size: parseFloat(style.fontSize), weight: Number(style.fontWeight) };
      }),
    ),
  );
  const problems: string[] = [];
  if (!headingStyle || !bodyStyle) return ['could not read the styles'];
  if (headingStyle.size <= bodyStyle.size)
    problems.push(
      `the heading is ${headingStyle.size}px, no larger than the body text (${bodyStyle.size}px)`,
    );
  if (headingStyle.weight < 600) problems.push(`the heading's weight is ${headingStyle.weight}, not bold`);
  return problems;
}
