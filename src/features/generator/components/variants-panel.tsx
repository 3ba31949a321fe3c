import { useId, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { checkPost } from '@/entities/post/check/check-post';
import { groupFindings } from '@/entities/post/check/group-findings';
import type { AuthorStyle } from '@/entities/post/check/habits';
import { linkedInLength } from '@/lib/linkedin/linkedin-text';
import { hookLabels } from '../build-post-prompt';
import type { Variant } from '../variants-store';

interface VariantsPanelProps {
  variants: Variant[];
  running: boolean;
  /** The version in the preview; null while the user has not chosen. */
  chosen: number | null;
  maxHashtags?: number | undefined;
  /** The author's style: their own habits are not counted as things to look at. */
  author?: AuthorStyle | undefined;
  onChoose: (index: number) => void;
  onStop: () => void;
  /** Stops one version while the others go on. */
  onStopVersion?: (index: number) => void;
}

const findingsLabel = (count: number) =>
  count === 0
    ? 'Post check: nothing stands out'
    : `Post check: ${count} thing${count === 1 ? '' : 's'} to look at`;

function VariantCard({
  variant,
  index,
  maxHashtags,
  author,
  onChoose,
  onStop,
}: {
  variant: Variant;
  index: number;
  maxHashtags?: number | undefined;
  author?: AuthorStyle | undefined;
  onStop?: (() => void) | undefined;
  onChoose: () => void;
}) {
  const titleId = useId();
  const title = `Version ${index + 1}: ${hookLabels[variant.hook]}`;
  const done = variant.status === 'done';
  // Counted once per text, not on every keystroke in the post above.
  const findings = useMemo(
    () =>
      done
        ? groupFindings(
            variant.text,
            checkPost(variant.text, {
              ...(maxHashtags === undefined ? {} : { maxHashtags }),
              ...(author ? { author } : {}),
            }),
          ).filter((group) => group.severity === 'warning').length
        : 0,
    [done, variant.text, maxHashtags, author],
  );
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        <span className="text-xs text-slate-500">
          {variant.status === 'waiting' && 'Waiting…'}
          {variant.status === 'writing' && (
            <span className="inline-flex items-center gap-2">
              <span className="inline-flex items-center gap-1">
                <Spinner className="h-3 w-3" /> {variant.notice || 'Writing…'}
              </span>
              {onStop && (
                <button
                  type="button"
                  onClick={onStop}
                  aria-label={`Stop version ${index + 1}`}
                  className="rounded px-1.5 py-0.5 font-medium text-brand-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  Stop
                </button>
              )}
            </span>
          )}
          {done &&
            `${linkedInLength(variant.text).toLocaleString('en-US')} characters · ${findingsLabel(findings)}`}
        </span>
      </div>
      {variant.text && (
        <p className="mt-2 max-h-64 overflow-y-auto whitespace-pre-wrap break-words text-sm text-slate-800">
          {variant.text}
        </p>
      )}
      {variant.status === 'failed' && <p className="mt-2 text-sm text-red-700">{variant.error}</p>}
      <Button variant="secondary" className="mt-3" disabled={!done} onClick={onChoose}>
        Use this version
      </Button>
    </article>
  );
}

/**
 * The versions "Generate" wrote (docs/product.md §5.4a): side by side to choose from, then the ones
 * not chosen in a drawer under the preview until the user leaves the page.
 */
export function VariantsPanel({
  variants,
  running,
  chosen,
  maxHashtags,
  author,
  onChoose,
  onStop,
  onStopVersion,
}: VariantsPanelProps) {
  const headingId = useId();
  const cards = (shown: { variant: Variant; index: number }[]) =>
    shown.map(({ variant, index }) => (
      <VariantCard
        key={`${variant.hook}-${index}`}
        variant={variant}
        index={index}
        maxHashtags={maxHashtags}
        author={author}
        onChoose={() => onChoose(index)}
        onStop={onStopVersion ? () => onStopVersion(index) : undefined}
      />
    ));
  if (chosen === null) {
    return (
      <section aria-labelledby={headingId} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Choose a version
          </h3>
          {running && (
            <Button variant="ghost" onClick={onStop}>
              Stop
            </Button>
          )}
        </div>
        <p role="status" className="text-sm text-slate-600">
          {running
            ? `Writing ${variants.length} versions at once…`
            : 'Each version opens differently. The ones you do not use stay here until you leave the page.'}
        </p>
        {cards(variants.map((variant, index) => ({ variant, index })))}
      </section>
    );
  }
  const others = variants
    .map((variant, index) => ({ variant, index }))
    .filter(({ index }) => index !== chosen);
  if (others.length === 0) return null;
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">
        Other versions ({others.length})
      </summary>
      <div className="mt-3 space-y-3">{cards(others)}</div>
    </details>
  );
}
