import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { Slide } from '../engine/carousel-schema';
import { advisedBodyWords } from '../engine/carousel-limits';
import { wordCount, type SlidePatch } from '../engine/slide-edits';

interface SlideFieldsProps {
  slide: Slide;
  index: number;
  count: number;
  /** What the layout says about this slide (overflow, characters it cannot show). */
  warnings: readonly string[];
  canRemove: boolean;
  onChange: (patch: SlidePatch) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

const kindNames: Record<Slide['kind'], string> = { hook: 'hook', idea: 'idea', closing: 'closing' };
const input =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500';
const iconButton = 'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:text-slate-300';

/** One slide's text in the editor, with its place in the deck and what the layout says about it. */
export function SlideFields({
  slide,
  index,
  count,
  warnings,
  canRemove,
  onChange,
  onMove,
  onRemove,
}: SlideFieldsProps) {
  const id = useId();
  const name = `Slide ${index + 1}`;
  const words = wordCount(slide.body);
  return (
    <li
      aria-labelledby={`${id}-name`}
      className={`rounded-lg border p-3 ${warnings.length > 0 ? 'border-amber-400 bg-amber-50' : 'border-slate-200'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-name`} className="text-sm font-semibold text-slate-800">
          {name} <span className="font-normal text-slate-500">({kindNames[slide.kind]})</span>
        </h4>
        <span className="flex gap-1">
          <button
            type="button"
            className={iconButton}
            onClick={() => onMove(index - 1)}
            disabled={index === 0}
            aria-label={`Move slide ${index + 1} up`}
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            onClick={() => onMove(index + 1)}
            disabled={index === count - 1}
            aria-label={`Move slide ${index + 1} down`}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            onClick={onRemove}
            disabled={!canRemove}
            aria-label={`Remove slide ${index + 1}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        </span>
      </div>
      <label className="mt-2 block text-xs font-medium text-slate-700">
        {name} heading
        <input
          className={input}
          value={slide.heading}
          onChange={(e) => onChange({ heading: e.target.value })}
        />
      </label>
      <label className="mt-2 block text-xs font-medium text-slate-700">
        {name} text
        <textarea
          className={input}
          rows={3}
          value={slide.body}
          onChange={(e) => onChange({ body: e.target.value })}
        />
      </label>
      <p className={`mt-1 text-xs ${words > advisedBodyWords ? 'text-amber-800' : 'text-slate-500'}`}>
        {words} word{words === 1 ? '' : 's'}
        {words > advisedBodyWords && ` (about ${advisedBodyWords} read best on a slide)`}
      </p>
      {slide.kind === 'closing' && (
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <label className="block text-xs font-medium text-slate-700">
            Your name
            <input
              className={input}
              value={slide.authorName}
              onChange={(e) => onChange({ authorName: e.target.value })}
            />
          </label>
          <label className="block text-xs font-medium text-slate-700">
            Your headline
            <input
              className={input}
              value={slide.headline}
              onChange={(e) => onChange({ headline: e.target.value })}
            />
          </label>
          <label className="block text-xs font-medium text-slate-700 sm:col-span-2">
            Call to action
            <input
              className={input}
              value={slide.callToAction}
              onChange={(e) => onChange({ callToAction: e.target.value })}
            />
          </label>
        </div>
      )}
      {warnings.map((warning) => (
        <p key={warning} className="mt-2 text-sm text-amber-900">
          {warning}
        </p>
      ))}
    </li>
  );
}
