import type { PostFilter } from '../posts-store';

const labels: Record<PostFilter, string> = {
  all: 'All',
  draft: 'Drafts',
  scheduled: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
};

/** What Saved Posts says when the chosen filter lists nothing. */
export const emptyFilterText: Record<PostFilter, string> = {
  all: 'No posts saved yet',
  draft: 'No drafts',
  scheduled: 'Nothing scheduled',
  published: 'Nothing published yet',
  failed: 'No failed posts',
};

/** Which posts Saved Posts lists: all of them, or those of one publishing status. */
export function PostFilterBar({
  filter,
  onChange,
}: {
  filter: PostFilter;
  onChange: (filter: PostFilter) => void;
}) {
  return (
    <div role="group" aria-label="Show posts" className="mt-4 flex flex-wrap gap-2">
      {(Object.keys(labels) as PostFilter[]).map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={filter === each}
          onClick={() => onChange(each)}
          className={`rounded-full border px-3 py-1 text-sm font-medium ${filter === each ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
        >
          {labels[each]}
        </button>
      ))}
    </div>
  );
}
