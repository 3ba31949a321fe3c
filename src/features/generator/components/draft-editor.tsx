import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { Profile } from '@/lib/supabase/database-types';
import { PostImage, PostImageFrame } from '@/entities/post/image/ui/post-image';
import { SaveStatusLine } from '@/entities/post/ui/save-status';
import { PostPreviewCard } from './post-preview-card';
import type { Draft } from './use-draft';
import type { CarouselAi } from '@/entities/post/carousel/draft-carousel-slides';
import { useCarouselEntry } from '@/entities/post/carousel/ui/use-carousel-entry';

interface DraftEditorProps {
  draft: Draft;
  profile: Profile | null;
  busy: boolean;
  generating: boolean;
  canRegenerate: boolean;
  onRegenerate: () => void;
  onChat?:
    | ((post: { id: string; title: string; content: string; apply: (text: string) => void }) => void)
    | undefined;
  /** How the carousel's slides are written (null until the profile and the AI service are ready). */
  carouselAi: CarouselAi | null;
}

const idleHistory = { undoName: null, redoName: null, onUndo: () => {}, onRedo: () => {}, notice: '' };

/**
 * The preview pane's post: the empty state until there are words (with a way to write one by
 * hand), the post just saved for a moment, else the document in its editor card.
 */
export function DraftEditor({
  draft,
  profile,
  busy,
  generating,
  canRegenerate,
  onRegenerate,
  onChat,
  carouselAi,
}: DraftEditorProps) {
  // The post being written by hand: the card stays even when its text is cleared.
  const [writingFor, setWritingFor] = useState<string | null>(null);
  const author = { fullName: profile?.full_name, role: profile?.role, company: profile?.company };
  const { doc } = draft;
  const carousel = useCarouselEntry({
    doc,
    hasImage: draft.image.shown !== null,
    removeImage: draft.image.remove,
    busy: busy || draft.saveState !== 'idle',
    author: {
      name: profile?.full_name ?? '',
      headline: [profile?.role, profile?.company].filter(Boolean).join(' at '),
    },
    ai: carouselAi,
    defaults: profile,
  });

  if (draft.justSaved) {
    // The same card (so the page does not jump), holding the post just saved, with "Saved".
    return (
      <PostPreviewCard
        author={author}
        content={draft.justSaved.content}
        firstComment={draft.justSaved.firstComment}
        history={idleHistory}
        streaming={false}
        saveState="saved"
        onSave={() => {}}
        onChat={() => {}}
      />
    );
  }

  const started =
    writingFor === doc.id || doc.updatedAt !== null || draft.history.undoName !== null || generating;
  if (doc.content === '' && !started) {
    return (
      <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-slate-200 bg-white p-8 text-center text-slate-500">
        <p>Your post preview will appear here</p>
        <button
          type="button"
          onClick={() => setWritingFor(doc.id)}
          className="flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-brand-600 hover:bg-brand-50"
        >
          <PenLine aria-hidden="true" className="h-4 w-4" /> Or write it yourself
        </button>
      </div>
    );
  }

  if (doc.content === '' && generating) {
    return (
      <div className="flex min-h-64 items-center justify-center rounded-2xl border-2 border-dashed border-slate-200 bg-white p-8 text-center text-slate-500">
        <span className="flex items-center gap-2">
          <Spinner /> Writing your post...
        </span>
      </div>
    );
  }

  const image = draft.image.shown;
  return (
    <PostPreviewCard
      author={author}
      content={doc.content}
      onContentChange={busy ? undefined : draft.type}
      firstComment={doc.firstComment}
      onFirstCommentChange={busy ? undefined : draft.typeFirstComment}
      history={draft.history}
      streaming={busy}
      saveState={draft.saveState}
      incomplete={doc.incomplete}
      onSave={(plannedAt) => void draft.finish(plannedAt)}
      plannedFor={draft.planDraft}
      onPlannedForChange={draft.setPlanDraft}
      onQueue={draft.queue}
      onRegenerate={onRegenerate}
      canRegenerate={canRegenerate}
      onChat={() =>
        onChat?.({
          id: doc.id,
          title: doc.topic || doc.content.split('\n')[0] || 'Your post',
          content: doc.content,
          apply: (text) => draft.apply({ content: text }, 'the chat suggestion'),
        })
      }
      status={<SaveStatusLine save={draft.save} dirty={draft.dirty} />}
      carouselAction={carousel.action}
      image={
        carousel.section ??
        (image?.kind === 'new' ? (
          <PostImageFrame src={image.src} alt={draft.image.alt} />
        ) : image?.kind === 'stored' ? (
          <PostImage path={image.path} alt={draft.image.alt} />
        ) : null)
      }
    />
  );
}
