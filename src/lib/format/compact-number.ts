const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Counts as the video card shows them (docs/product.md §2, §9): as is below 1000, then 1K, 1.1K, 1.3M… */
export function formatCompactNumber(n: number): string {
  if (!Number.isFinite(n)) return '0';
  if (Math.abs(n) < 1000) return String(n);
  return compact.format(n);
}
