import { Calendar, Search, TrendingUp } from 'lucide-react';
import type { IdeaSort } from '../filter-ideas';

const sortOptions = [
  { value: 'date', label: 'Date', Icon: Calendar },
  { value: 'usage', label: 'Usage', Icon: TrendingUp },
] as const;

interface IdeasToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  sort: IdeaSort;
  onSortChange: (sort: IdeaSort) => void;
}

/** The search box and the two sort toggles of the Ideas Bank (docs/product.md §2). */
export function IdeasToolbar({ search, onSearchChange, sort, onSortChange }: IdeasToolbarProps) {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label="Search topics..."
          placeholder="Search topics..."
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
        />
      </div>
      <div
        role="group"
        aria-label="Sort ideas by"
        className="inline-flex self-start rounded-lg border border-slate-300 bg-white p-0.5 sm:self-auto"
      >
        {sortOptions.map(({ value, label, Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={sort === value}
            onClick={() => onSortChange(value)}
            className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
              sort === value ? 'bg-brand-500 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
