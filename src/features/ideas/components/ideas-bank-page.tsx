import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { TopicIdea } from '@/lib/supabase/database-types';
import { toast } from '@/lib/toast/toast';
import type { IdeaSort } from '../filter-ideas';
import { useIdeasStore } from '../ideas-store';
import { useIdeasView } from '../use-ideas-view';
import { AddIdeaForm } from './add-idea-form';
import { IdeaRow } from './idea-row';
import { IdeasEmptyState } from './ideas-empty-state';
import { IdeasToolbar } from './ideas-toolbar';

const count = (n: number) => n.toLocaleString('en-US');

/** /ideas-bank: add, search, sort, reuse and delete the user's topic ideas (docs/product.md §8). */
/** `handOverTopic` gives a reused topic to the generator (wired by the app). */
export function IdeasBankPage({ handOverTopic }: { handOverTopic: (topic: string) => void }) {
  const ideas = useIdeasStore((state) => state.ideas);
  const loading = useIdeasStore((state) => state.loading);
  const loadingMore = useIdeasStore((state) => state.loadingMore);
  const fetchIdeas = useIdeasStore((state) => state.fetchIdeas);
  const incrementUsage = useIdeasStore((state) => state.incrementUsage);
  const deleteIdea = useIdeasStore((state) => state.deleteIdea);
  const addIdea = useIdeasStore((state) => state.addIdea);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<IdeaSort>('date');
  const [settled, setSettled] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const view = useIdeasView(ideas, search, sort);

  const load = useCallback(
    () =>
      fetchIdeas()
        .then(
          () => setLoadError(null),
          (error: unknown) =>
            setLoadError(error instanceof Error ? error.message : 'Failed to load your ideas'),
        )
        .finally(() => setSettled(true)),
    [fetchIdeas],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const reuse = useCallback(
    async (idea: TopicIdea) => {
      try {
        await incrementUsage(idea.id);
        handOverTopic(idea.topic);
      } catch (error) {
        console.error('Could not reuse the topic', error);
        toast.error('Failed to reuse topic');
        return;
      }
      navigate(paths.dashboard);
      toast.success('Topic added to generator!');
    },
    [incrementUsage, navigate, handOverTopic],
  );

  const remove = useCallback(
    async (idea: TopicIdea) => {
      try {
        await deleteIdea(idea.id);
        toast.success('Topic deleted');
      } catch (error) {
        console.error('Could not delete the topic', error);
        toast.error('Failed to delete topic');
      }
    },
    [deleteIdea],
  );

  // "Loading your ideas..." only while there is nothing to show yet; a refresh keeps the list.
  const firstLoad = ideas.length === 0 && (loading || !settled) && !loadError;

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold text-slate-900">Ideas Bank</h1>
      <AddIdeaForm onAdd={addIdea} />
      <IdeasToolbar search={search} onSearchChange={setSearch} sort={sort} onSortChange={setSort} />
      {loadError && (
        <Alert tone="danger" className="mt-4">
          {loadError}{' '}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => {
              setLoadError(null);
              void load();
            }}
          >
            Try again
          </button>
        </Alert>
      )}
      {firstLoad ? (
        <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
          <Spinner /> Loading your ideas...
        </p>
      ) : view.total === 0 ? (
        !loadError && (
          <IdeasEmptyState search={view.activeSearch} onCreate={() => navigate(paths.dashboard)} />
        )
      ) : (
        <>
          <p role="status" className="mt-6 text-sm text-slate-500">
            Showing {count(view.visible.length)} of {count(view.total)} {view.total === 1 ? 'idea' : 'ideas'}
          </p>
          <ul aria-label="Topic ideas" className="mt-3 space-y-3">
            {view.visible.map((idea) => (
              <IdeaRow key={idea.id} idea={idea} onReuse={reuse} onDelete={remove} />
            ))}
          </ul>
          {view.visible.length < view.total && (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" onClick={view.showMore}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}
      {loadingMore && (
        <p role="status" className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-500">
          <Spinner className="h-4 w-4" /> Loading more ideas…
        </p>
      )}
    </div>
  );
}
