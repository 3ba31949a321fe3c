import type { DateOrder } from './export-headers';

const pad = (value: number) => String(value).padStart(2, '0');

function validDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A publish date cell as a day (YYYY-MM-DD), or null: a date the workbook stores as a date, an ISO
 * date, or text such as 11/7/2026 (month first in English exports, day first in the others) or
 * 07.11.2026.
 */
export function readExportDay(value: unknown, order: DateOrder): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return validDay(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})/u.exec(text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/u.exec(text);
  if (dotted) return validDay(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  const slashed = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/u.exec(text);
  if (!slashed) return null;
  const [first, second, year] = [Number(slashed[1]), Number(slashed[2]), Number(slashed[3])];
  return order === 'month-first' ? validDay(year, first, second) : validDay(year, second, first);
}
