import { Lightbulb } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface IdeasEmptyStateProps {
  /** The active search (already trimmed), or '' when there is none. */
  search: string;
  onCreate: () => void;
}

/** No ideas, or none matching the search (docs/product.md §2 "Ideas Bank" empty state). */
export function IdeasEmptyState({ search, onCreate }: IdeasEmptyStateProps) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 bg-white p-10 text-center">
      <Lightbulb aria-hidden="true" className="h-8 w-8 text-slate-400" />
      <h2 className="mt-3 font-medium text-slate-800">No topic ideas found</h2>
      <p className="mt-1 text-sm break-words text-slate-500">
        {search ? `No results for "${search}"` : 'Start generating content to build your ideas bank'}
      </p>
      <Button className="mt-4" onClick={onCreate}>
        Create new content
      </Button>
    </div>
  );
}
