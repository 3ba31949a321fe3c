import { Check } from 'lucide-react';
import type { Subreddit } from '../research-schemas';

/** A community found for the niche; pressing it selects or deselects it. */
export function SubredditCard({
  community,
  selected,
  onToggle,
}: {
  community: Subreddit;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onToggle}
        className={`w-full rounded-xl border p-4 text-left transition-colors ${selected ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-slate-200 bg-white hover:border-slate-300'}`}
      >
        <span className="flex items-start justify-between gap-3">
          <span className="font-medium text-slate-900">{community.name}</span>
          <span className="flex items-center gap-2">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {community.relevance}/10
            </span>
            {selected && <Check aria-hidden="true" className="h-4 w-4 text-brand-600" />}
          </span>
        </span>
        <span className="mt-1 block text-sm text-slate-600">{community.description}</span>
        <span className="mt-1 block text-xs text-slate-500">{community.members} members</span>
      </button>
    </li>
  );
}
