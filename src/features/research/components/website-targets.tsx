import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { normalizeWebsiteTarget, toSearchDomainFilter, withoutScheme } from '../website-target';

interface WebsiteTargetsProps {
  input: string;
  websites: string[];
  onChange: (patch: { websiteInput?: string; websites?: string[] }) => void;
}

/**
 * "Add specific websites to research": typed sites become removable chips shown without the scheme
 * (docs/product.md §2). The app checks what is typed, not the browser: something that is not a website gets
 * the app's own message and stays in the field to be corrected.
 */
export function WebsiteTargets({ input, websites, onChange }: WebsiteTargetsProps) {
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  function add() {
    const site = normalizeWebsiteTarget(input);
    if (site === null) return; // docs/product.md §14: empty input is ignored
    if (toSearchDomainFilter([site]).length === 0) {
      setError(`“${input.trim()}” is not a website address. Enter one like techcrunch.com.`);
      return;
    }
    setError(null);
    onChange({ websites: [...websites, site], websiteInput: '' });
  }

  return (
    <div className="space-y-2">
      <form
        noValidate
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label className="sr-only" htmlFor={inputId}>
          Website to research
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. techcrunch.com"
          value={input}
          aria-invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setError(null);
            onChange({ websiteInput: event.target.value });
          }}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 aria-[invalid=true]:border-red-500"
        />
        <Button type="submit" variant="secondary">
          <Plus aria-hidden="true" className="h-4 w-4" /> Add
        </Button>
      </form>
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
      {websites.length > 0 && (
        <ul aria-label="Websites to research" className="flex flex-wrap gap-2">
          {websites.map((site, index) => (
            <li
              key={`${site}-${index}`}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-700"
            >
              {withoutScheme(site)}
              <button
                type="button"
                aria-label={`Remove ${withoutScheme(site)}`}
                onClick={() => onChange({ websites: websites.filter((_, position) => position !== index) })}
                className="rounded-full p-1 hover:bg-slate-200"
              >
                <X aria-hidden="true" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
