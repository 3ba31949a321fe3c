import { Plus, Redo2, Undo2 } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { maxSlides } from '../engine/carousel-limits';
import type { CarouselThemeName } from '../engine/carousel-schema';
import type { CarouselLayout } from '../engine/layout-carousel';
import { canRedo, canUndo, type CarouselHistory } from '../engine/slide-history';
import type { SlideEdit } from '../engine/slide-edits';
import type { PickedDesign } from './stored-carousel';
import { SlideFields } from './slide-fields';

interface CarouselEditorProps {
  history: CarouselHistory;
  design: PickedDesign;
  /** The colour the brand theme starts with when this carousel has none yet (the one in Settings). */
  brandColor: string;
  layout: CarouselLayout | null;
  onEdit: (edit: SlideEdit) => void;
  onUndo: () => void;
  onRedo: () => void;
  onDesignChange: (design: PickedDesign) => void;
}

const themes: { value: CarouselThemeName; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'brand', label: 'Brand colour' },
];
const formats: { value: PickedDesign['format']; label: string }[] = [
  { value: '4:5', label: 'Portrait 4:5' },
  { value: 'square', label: 'Square' },
];
const field =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500';
const small =
  'flex items-center gap-1 rounded-lg border border-slate-300 px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:text-slate-400';

/** What the layout says about each slide, by id: overflow and characters it cannot show. */
function warningsBySlide(layout: CarouselLayout | null): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const problem of [...(layout?.overflows ?? []), ...(layout?.missingGlyphs ?? [])])
    found.set(problem.slideId, [...(found.get(problem.slideId) ?? []), problem.message]);
  return found;
}

/** The slides' words, order and design; Undo and Redo (also Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl+Y). */
export function CarouselEditor({
  history,
  design,
  brandColor,
  layout,
  onEdit,
  onUndo,
  onRedo,
  onDesignChange,
}: CarouselEditorProps) {
  const { present } = history;
  const warnings = warningsBySlide(layout);

  function onKeyDown(event: KeyboardEvent) {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) onUndo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') onRedo();
    else return;
    event.preventDefault();
  }

  return (
    <div role="group" aria-label="Carousel editor" onKeyDown={onKeyDown} className="space-y-4 px-4 pb-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Edit the carousel</h3>
        <span className="flex gap-2">
          <button type="button" className={small} onClick={onUndo} disabled={!canUndo(history)}>
            <Undo2 aria-hidden="true" className="h-4 w-4" /> Undo
          </button>
          <button type="button" className={small} onClick={onRedo} disabled={!canRedo(history)}>
            <Redo2 aria-hidden="true" className="h-4 w-4" /> Redo
          </button>
        </span>
      </div>
      <label className="block text-sm font-medium text-slate-700">
        Document title
        <input
          className={field}
          value={present.title}
          maxLength={400}
          onChange={(event) => onEdit({ type: 'title', title: event.target.value })}
        />
        <span className="mt-1 block text-xs font-normal text-slate-500">
          LinkedIn shows it above the slides.
        </span>
      </label>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Theme</legend>
          <div className="mt-1 flex flex-wrap gap-3 text-sm">
            {themes.map((theme) => (
              <label key={theme.value} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="carousel-theme"
                  checked={design.theme === theme.value}
                  onChange={() =>
                    onDesignChange({
                      ...design,
                      theme: theme.value,
                      ...(theme.value === 'brand' ? { brandColor: design.brandColor ?? brandColor } : {}),
                    })
                  }
                />
                {theme.label}
              </label>
            ))}
          </div>
        </fieldset>
        {design.theme === 'brand' && (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            Brand colour
            <input
              type="color"
              value={design.brandColor ?? brandColor}
              onChange={(event) => onDesignChange({ ...design, brandColor: event.target.value })}
              className="h-8 w-12 rounded border border-slate-300"
            />
          </label>
        )}
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Format</legend>
          <div className="mt-1 flex flex-wrap gap-3 text-sm">
            {formats.map((format) => (
              <label key={format.value} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="carousel-format"
                  checked={design.format === format.value}
                  onChange={() => onDesignChange({ ...design, format: format.value })}
                />
                {format.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <ol aria-label="Slides" className="space-y-3">
        {present.slides.map((slide, index) => (
          <SlideFields
            key={slide.id}
            slide={slide}
            index={index}
            count={present.slides.length}
            warnings={warnings.get(slide.id) ?? []}
            canRemove={present.slides.length > 1}
            onChange={(patch) => onEdit({ type: 'update', index, patch })}
            onMove={(to) => onEdit({ type: 'move', from: index, to })}
            onRemove={() => onEdit({ type: 'remove', index })}
          />
        ))}
      </ol>
      <button
        type="button"
        className={small}
        onClick={() => onEdit({ type: 'add', at: Math.max(present.slides.length - 1, 0) })}
        disabled={present.slides.length >= maxSlides}
      >
        <Plus aria-hidden="true" className="h-4 w-4" /> Add a slide
      </button>
      {present.slides.length >= maxSlides && (
        <p className="text-xs text-slate-500">A carousel here has at most {maxSlides} slides.</p>
      )}
    </div>
  );
}
