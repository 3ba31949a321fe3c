/**
 * A count as the export writes it: a number, or text a spreadsheet or a localized export left
 * ("1,234", "1.234", "1 234", "12'345"). Null for an empty cell or a dash (no figure), undefined
 * for anything that is not a count (a word, a negative, a fraction).
 */
export function readCount(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/[\s\u00a0\u202f]/gu, '');
  if (text === '' || /^[-–—]$/u.test(text)) return null;
  if (/^\d+$/u.test(text)) return Number(text);
  // Thousands grouped by one separator, used the same way throughout: 1,234,567 or 1.234.567 or 12'345.
  const grouped = /^(\d{1,3})((?:[,.'’]\d{3})+)$/u.exec(text);
  if (grouped) {
    const separators = new Set(grouped[2]!.replace(/\d/gu, ''));
    if (separators.size === 1) return Number(text.replace(/[,.'’]/gu, ''));
  }
  // A whole number written with a zero fraction by a spreadsheet: "1234.0", "1234,00".
  const fraction = /^(\d+)[.,]0+$/u.exec(text);
  return fraction ? Number(fraction[1]) : undefined;
}
