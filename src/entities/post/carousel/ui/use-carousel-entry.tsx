import { GalleryHorizontal } from 'lucide-react';
import { Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast/toast';
import { rowTopic, type PostDocument } from '../../document/post-document';
import { usePostDocumentStore } from '../../document/post-document-store';
import type { CarouselAi } from '../draft-carousel-slides';
import type { CarouselAuthor } from '../engine/parse-carousel-reply';
import type { CarouselDefaults } from './stored-carousel';

// The editor, the preview and the PDF engine load only when a post has a carousel or gets one.
const CarouselSection = lazy(() => import('./carousel-section'));
const ConfirmDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

type CarouselDoc = Pick<
  PostDocument,
  'id' | 'topic' | 'content' | 'carouselPath' | 'carouselTitle' | 'carouselSlides'
>;

export const documentHasCarousel = (doc: Pick<PostDocument, 'carouselPath' | 'carouselSlides'>) =>
  doc.carouselPath !== null || doc.carouselSlides !== null;

interface CarouselEntryOptions {
  doc: CarouselDoc;
  hasImage: boolean;
  removeImage: () => void;
  /** Text streams in or is being saved: no carousel is started now. */
  busy: boolean;
  author: CarouselAuthor;
  ai: CarouselAi | null;
  /** The theme, format and brand colour a new carousel starts with (the author's Settings). */
  defaults?: CarouselDefaults | null;
}

const noTextReason = 'Write the post first: the slides are made from its text.';

/**
 * "Make a carousel" in the post's actions (asking first when the post has an image), and the
 * post's carousel where its image would be: loaded only when there is one.
 */
export function useCarouselEntry({
  doc,
  hasImage,
  removeImage,
  busy,
  author,
  ai,
  defaults = null,
}: CarouselEntryOptions): {
  action: ReactNode;
  section: ReactNode;
} {
  const reasonId = useId();
  const [editingFor, setEditingFor] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  // Unsaved carousel edits kept for this post: its editor opens with them (docs/product.md §5.5e).
  const kept = usePostDocumentStore((state) => state.carouselDrafts.some(({ docId }) => docId === doc.id));
  const editing = editingFor === doc.id || kept;
  const has = documentHasCarousel(doc);
  const noText = doc.content.trim() === '';

  const begin = () => {
    if (hasImage) setAsking(true);
    else setEditingFor(doc.id);
  };

  const action =
    has || editing ? null : (
      <>
        <button
          type="button"
          onClick={begin}
          disabled={noText || busy}
          aria-describedby={noText ? reasonId : undefined}
          title={noText ? noTextReason : undefined}
          className="flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50 disabled:text-slate-400"
        >
          <GalleryHorizontal aria-hidden="true" className="h-4 w-4" /> Make a carousel
        </button>
        {noText && (
          <span id={reasonId} className="sr-only">
            {noTextReason}
          </span>
        )}
        {asking && (
          <Suspense fallback={null}>
            <ConfirmDialog
              title="Replace the image with a carousel?"
              message="A post has an image or a carousel, not both. The image is removed from this post and the slides are made from its text."
              confirmLabel="Replace with a carousel"
              onCancel={() => setAsking(false)}
              onConfirm={() => {
                setAsking(false);
                removeImage();
                setEditingFor(doc.id);
              }}
            />
          </Suspense>
        )}
      </>
    );

  const section =
    has || editing ? (
      <Suspense
        fallback={
          <p role="status" className="mx-4 my-2 text-sm text-slate-600">
            Loading the carousel…
          </p>
        }
      >
        <CarouselSection
          key={doc.id}
          docId={doc.id}
          post={doc.content}
          defaultTitle={rowTopic(doc).slice(0, 400)}
          stored={{ path: doc.carouselPath, title: doc.carouselTitle, slides: doc.carouselSlides }}
          author={author}
          ai={ai}
          defaults={defaults}
          editing={editing}
          onEditingChange={(open) => setEditingFor(open ? doc.id : null)}
        />
      </Suspense>
    ) : null;

  return { action, section };
}

/**
 * Adding an image to a post that has a carousel asks first ("Replace the carousel with an
 * image?"); on yes the carousel and its PDF are removed, then the image is attached.
 */
export function useImageOverCarousel(
  doc: Pick<PostDocument, 'carouselPath' | 'carouselSlides'>,
  attach: (files: File[]) => void,
): { attach: (files: File[]) => void; dialog: ReactNode } {
  const [waiting, setWaiting] = useState<File[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function replace(files: File[]) {
    setBusy(true);
    try {
      await (await import('../document-carousel')).removeDocumentCarousel();
      setWaiting(null);
      attach(files);
    } catch (error) {
      setWaiting(null);
      toast.error(
        error instanceof Error && error.message ? error.message : 'The carousel could not be removed.',
      );
    } finally {
      setBusy(false);
    }
  }

  return {
    attach: (files) => {
      if (documentHasCarousel(doc)) setWaiting(files);
      else attach(files);
    },
    dialog: waiting && (
      <Suspense fallback={null}>
        <ConfirmDialog
          title="Replace the carousel with an image?"
          message="A post has an image or a carousel, not both. The carousel's slides and PDF are removed from this post."
          confirmLabel="Replace with the image"
          busy={busy}
          onCancel={() => setWaiting(null)}
          onConfirm={() => void replace(waiting)}
        />
      </Suspense>
    ),
  };
}
