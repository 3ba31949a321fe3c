import { Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast/toast';
import { checkIdeaTopic } from '../idea-topic';

interface AddIdeaFormProps {
  /** Saves the idea; rejects with the reason in the user's words ("Topic already saved"). */
  onAdd: (topic: string) => Promise<unknown>;
}

/**
 * "Add an idea" (docs/product.md §8.6): a topic typed by hand goes into the bank with Enter or
 * "Add idea". A blank one is ignored; a refused one keeps what was typed and says why, tied to the
 * box and announced.
 */
export function AddIdeaForm({ onAdd }: AddIdeaFormProps) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blank = value.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (adding) return;
    const checked = checkIdeaTopic(value);
    if (!checked.ok) {
      // Nothing typed is nothing to add; anything else is refused in words.
      setError(checked.blank ? null : checked.message);
      return;
    }
    setAdding(true);
    setError(null);
    try {
      await onAdd(checked.topic);
      setValue('');
      toast.success('Idea added');
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'Could not add the idea.');
    } finally {
      setAdding(false);
      box.current?.focus();
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-6">
      <label htmlFor={`${id}-topic`} className="block text-sm font-medium text-slate-700">
        Add an idea
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={box}
          id={`${id}-topic`}
          type="text"
          autoComplete="off"
          placeholder="A topic to write about later"
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          className="block w-full flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:border-red-500"
        />
        <Button type="submit" disabled={blank || adding} className="shrink-0">
          <Plus aria-hidden="true" className="h-4 w-4" />
          {adding ? 'Adding...' : 'Add idea'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm break-words text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
