import { format, isValid, parseISO } from 'date-fns';

/** "Last updated" after a search, from the result's search_timestamp (any text the model gave). */
export function LastUpdated({ timestamp }: { timestamp: string }) {
  const parsed = parseISO(timestamp);
  const shown = isValid(parsed) ? format(parsed, 'd MMM yyyy, HH:mm') : timestamp;
  return <p className="text-xs text-slate-500">Last updated: {shown}</p>;
}
