import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Json } from '@/lib/supabase/database-types';
import { toast } from '@/lib/toast/toast';
import { usePostDocumentStore } from '../../document/post-document-store';
import type { CarouselAi, draftCarouselSlides } from '../draft-carousel-slides';
import type { CarouselAuthor } from '../engine/parse-carousel-reply';
import { carouselTheme } from '../engine/carousel-themes';
import { editHistory, redo, startHistory, undo, type CarouselHistory } from '../engine/slide-history';
import type { Carousel } from '../engine/carousel-schema';
import { workerEngine, type CarouselEngine } from './carousel-engine';
import { CarouselEditor } from './carousel-editor';
import { CarouselPreview } from './carousel-preview';
import { CarouselButtons, type CarouselBusy } from './carousel-buttons';
import { CarouselDrafting } from './carousel-drafting';
import { downloadPdf } from './download-pdf';
import {
  brandColorOf,
  defaultDesign,
  fullDesign,
  readStoredCarousel,
  sameCarousel,
  startingDesign,
  storedSlides,
  type CarouselDefaults,
  type EditableCarousel,
  type PickedDesign,
} from './stored-carousel';
import { useCarouselDraft } from './use-carousel-draft';
import { useCarouselLayout } from './use-carousel-layout';

export interface CarouselSectionProps {
  /** The post document the carousel belongs to: its unsaved edits are kept with it. */
  docId: string;
  /** The post's text, which the slides are written from. */
  post: string;
  /** The document title until the author changes it (the post's topic or first line). */
  defaultTitle: string;
  stored: { path: string | null; title: string | null; slides: Json | null };
  author: CarouselAuthor;
  ai: CarouselAi | null;
  /** The theme, format and brand colour of the author's Settings: a new carousel starts with them. */
  defaults?: CarouselDefaults | null;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** The PDF engine; tests pass one that reads the fonts from node_modules. */
  engine?: CarouselEngine;
  /** How the AI writes the slides; tests pass one that answers at once. */
  draftSlides?: typeof draftCarouselSlides;
  /** Stores and removes the carousel on the post; the open document's by default. */
  store?: {
    attach: (carousel: {
      title: string;
      slides: Record<string, Json | undefined>;
      pdf: Blob;
    }) => Promise<unknown>;
    remove: () => Promise<unknown>;
  };
}

interface Working {
  history: CarouselHistory;
  design: PickedDesign;
}

const fromSaved = (saved: EditableCarousel): Working => ({
  history: startHistory(saved.carousel),
  design: saved.design,
});

const documentStore: NonNullable<CarouselSectionProps['store']> = {
  attach: async (carousel) => (await import('../document-carousel')).attachDocumentCarousel(carousel),
  remove: async () => (await import('../document-carousel')).removeDocumentCarousel(),
};

/** Unsaved edits kept for this document (after a reload or a visit to another page), if readable. */
function keptDraft(docId: string): EditableCarousel | null {
  const kept = usePostDocumentStore.getState().carouselDrafts.find((draft) => draft.docId === docId);
  return kept ? readStoredCarousel(kept.title, kept.slides) : null;
}

/**
 * The post's carousel (docs/product.md §5.5e), loaded only when a post has one or the author makes
 * one: the slides written by the AI, the editor, the preview as LinkedIn shows it, and saving,
 * downloading and removing the PDF.
 */
export default function CarouselSection({
  docId,
  post,
  defaultTitle,
  stored,
  author,
  ai,
  defaults = null,
  editing,
  onEditingChange,
  engine = workerEngine,
  draftSlides,
  store = documentStore,
}: CarouselSectionProps) {
  const saved = useMemo(() => readStoredCarousel(stored.title, stored.slides), [stored.title, stored.slides]);
  // Edits not yet saved come back as they were left, with the editor open.
  const [restored] = useState(() => keptDraft(docId));
  const [working, setWorking] = useState<Working | null>(() =>
    restored ? fromSaved(restored) : editing && saved ? fromSaved(saved) : null,
  );
  const [notice, setNotice] = useState<string | null>(restored ? 'Unsaved carousel changes restored.' : null);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const [busy, setBusy] = useState<CarouselBusy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [built, setBuilt] = useState<{ key: string; bytes: Uint8Array } | null>(null);
  const draft = useCarouselDraft(
    { post, author, ai },
    (carousel: Carousel) =>
      setWorking({
        history: startHistory({ ...carousel, title: defaultTitle }),
        design: startingDesign(defaults),
      }),
    draftSlides,
  );

  useEffect(() => () => engine.close(), [engine]);
  // Opened by "Make a carousel": the AI writes the slides (a stored carousel is edited as it is).
  useEffect(() => {
    if (restored) onEditingChange(true);
    else if (editing && !saved) draft.start();
    // Only when the section first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function setEditing(open: boolean) {
    setProblem(null);
    setNotice(null);
    // Saved, discarded or removed: nothing is left to restore.
    if (!open) usePostDocumentStore.getState().dropCarouselDraft(docId);
    setWorking(open && saved ? fromSaved(saved) : null);
    if (open && !saved) draft.start();
    onEditingChange(open);
  }
  const active = editing ? working : null;
  const edited = active && { carousel: active.history.present, design: active.design };
  const unsaved = edited !== null && (saved === null || !sameCarousel(edited, saved));

  // The working slides are kept with the post document as the author edits (docs/product.md §5.5e).
  useEffect(() => {
    if (!edited) return;
    const { keepCarouselDraft, dropCarouselDraft } = usePostDocumentStore.getState();
    if (unsaved) keepCarouselDraft({ docId, title: edited.carousel.title, slides: storedSlides(edited) });
    else dropCarouselDraft(docId);
    // `edited` is made anew each render from `active`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, unsaved, docId]);

  const shown = active ? { carousel: active.history.present, design: active.design } : saved;
  const design = fullDesign(shown?.design ?? defaultDesign, author.name);
  const { layout, error: layoutError, pending } = useCarouselLayout(engine, shown?.carousel ?? null, design);
  const key = shown ? JSON.stringify([shown.carousel, design]) : '';

  if (editing && !active) {
    return (
      <CarouselDrafting
        state={draft.state}
        onStop={draft.stop}
        onRetry={draft.start}
        onCancel={() => setEditing(false)}
      />
    );
  }
  if (!shown) {
    return stored.path ? (
      <p className="mx-4 my-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700">
        Carousel: {stored.title ?? 'Untitled'} (its slides cannot be read here; make it again to edit it).
      </p>
    ) : null;
  }

  const overflowing = (layout?.overflows.length ?? 0) > 0;
  const edit = (change: (history: CarouselHistory) => CarouselHistory) =>
    setWorking((current) => current && { ...current, history: change(current.history) });
  const cancel = () => (unsaved ? setAskingDiscard(true) : setEditing(false));

  async function pdfBytes(): Promise<Uint8Array> {
    if (built?.key === key) return built.bytes;
    const bytes = await engine.pdf(shown!.carousel, design);
    setBuilt({ key, bytes });
    return bytes;
  }

  async function run(kind: Exclude<CarouselBusy, null>, action: () => Promise<void>) {
    setBusy(kind);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(
        error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.',
      );
    } finally {
      setBusy(null);
    }
  }

  const save = () =>
    run('saving', async () => {
      const bytes = await pdfBytes();
      await store.attach({
        title: shown!.carousel.title,
        slides: storedSlides(shown!),
        pdf: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      });
      setEditing(false);
      toast.success('Carousel saved with the post.');
    });
  const download = () => run('downloading', async () => downloadPdf(await pdfBytes(), shown!.carousel.title));
  const remove = () =>
    run('removing', async () => {
      await store.remove();
      setEditing(false);
      toast.success('Carousel removed. The post keeps its text.');
    });

  return (
    <div className="space-y-2 pb-2">
      <CarouselPreview
        title={shown.carousel.title}
        pages={shown.carousel.slides.length}
        layout={layout}
        theme={carouselTheme(design.theme, design.brandColor)}
        loading={pending}
      />
      {active && notice && (
        <p role="status" className="mx-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {notice}
        </p>
      )}
      {active && (
        <CarouselEditor
          history={active.history}
          design={active.design}
          brandColor={brandColorOf(defaults)}
          layout={layout}
          onEdit={(change) => edit((history) => editHistory(history, change))}
          onUndo={() => edit(undo)}
          onRedo={() => edit(redo)}
          onDesignChange={(next) => setWorking((current) => current && { ...current, design: next })}
        />
      )}
      <CarouselButtons
        editing={editing}
        stored={stored.path !== null || stored.slides !== null}
        busy={busy}
        blocked={
          overflowing
            ? 'Some slides have more text than fits. Shorten them to save or download the PDF.'
            : null
        }
        problem={problem ?? layoutError}
        onEdit={() => setEditing(true)}
        onSave={() => void save()}
        onDownload={() => void download()}
        onCancel={cancel}
        onRemove={() => void remove()}
      />
      {askingDiscard && (
        <ConfirmDialog
          title="Discard your carousel changes?"
          message={
            saved
              ? 'The carousel goes back to how it was last saved with the post.'
              : 'The slides are not saved with the post and are gone for good.'
          }
          confirmLabel="Discard changes"
          cancelLabel="Keep editing"
          onCancel={() => setAskingDiscard(false)}
          onConfirm={() => {
            setAskingDiscard(false);
            setEditing(false);
          }}
        />
      )}
    </div>
  );
}
