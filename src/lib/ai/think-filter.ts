const opening = '<think>';
const closing = '</think>';

/**
 * What the preview may show of a model's cumulative output (docs/product.md §12 "Generation"): only the text
 * after the closing thinking marker, and nothing while an opening marker is still unclosed.
 */
export function visiblePostText(cumulative: string): string {
  const end = cumulative.lastIndexOf(closing);
  if (end >= 0) return cumulative.slice(end + closing.length).replace(/^\s+/, '');
  if (cumulative.includes(opening)) return '';
  return cumulative;
}
