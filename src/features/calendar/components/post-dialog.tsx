import { CloseButton } from '@/components/ui/close-button';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatFullPlanTime } from '@/lib/format/format-full-plan-time';
import { DownloadImageButton } from '@/entities/post/image/ui/download-image-button';
import { imageFileName } from '@/entities/post/image/image-file-name';
import { ImageEditFields } from '@/entities/post/image/ui/image-edit-fields';
import { PostImage } from '@/entities/post/image/ui/post-image';
import { CarouselMarker } from '@/entities/post/carousel/ui/carousel-marker';
import { messages } from '@/config/messages';
import { imageSaveFailure, type ImageEdit } from '@/entities/post/image/image-attachment';
import { useImageEdit } from '@/entities/post/image/use-image-edit';
import type { Post } from '@/entities/post/post';
import type { AuthorStyle } from '@/entities/post/check/author-style';
import { PostEditor } from './post-editor';
import { PostStatusBadge } from './post-status';

// react-markdown stays out of the calendar's first load: it is fetched when a post is opened.
const Markdown = lazy(() => import('@/lib/markdown/markdown'));

interface PostDialogProps {
  post: Post;
  /** Planning's time zone: the post's date and time are shown on its wall clock. */
  timeZone: string;
  onClose: () => void;
  /** Saves new content; rejects if the save failed. */
  onSave: (content: string, image: ImageEdit | undefined) => Promise<void>;
  /** The author's hashtag maximum: the post check flags more. */
  maxHashtags?: number | undefined;
  /** The author's own posts, for the post check: their habits are information, not warnings. */
  authorStyle?: AuthorStyle | undefined;
  /** Controls to plan and publish the post, shown under its text (supplied by the app). */
  renderPublishing?: ((post: Post, onPostChange: (post: Post) => void) => ReactNode) | undefined;
  /** A post the publishing controls changed: the calendar puts it in place. */
  onPostChange: (post: Post) => void;
}

/**
 * A post opened from the calendar: topic, calendar date and status, rendered content, the
 * publishing controls, and an editor.
 */
export function PostDialog({
  post,
  timeZone,
  onClose,
  onSave,
  maxHashtags,
  authorStyle,
  renderPublishing,
  onPostChange,
}: PostDialogProps) {
  /** null while viewing; the text being edited otherwise. */
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** Why the last save failed, or null. */
  const [failed, setFailed] = useState<string | null>(null);
  /** After editing, focus returns to "Edit Post" (the editor's buttons no longer exist). */
  const [backFromEditing, setBackFromEditing] = useState(false);
  const image = useImageEdit(post);

  function leaveEditing() {
    setDraft(null);
    setFailed(null);
    setBackFromEditing(true);
    image.reset();
  }

  async function save(content: string) {
    setSaving(true);
    setFailed(null);
    try {
      await onSave(content, image.edit());
      leaveEditing();
    } catch (error) {
      // docs/product.md §15: a failed post update is only logged; the draft stays so the user can retry.
      console.error('Could not update the post', error);
      setFailed(imageSaveFailure(error) ?? messages.edit_save_failed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      onClose={onClose}
      dismissOnBackdrop={draft === null}
      className="flex max-w-2xl flex-col overflow-hidden"
    >
      <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <div className="min-w-0">
          <DialogTitle className="break-words">{post.topic || 'Untitled post'}</DialogTitle>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <time dateTime={post.calendar_at}>
              {formatFullPlanTime(new Date(post.calendar_at), timeZone)}
            </time>
            <PostStatusBadge post={post} />
          </p>
        </div>
        <CloseButton onClick={onClose} />
      </header>
      <div className="overflow-y-auto px-6 py-4">
        {draft === null ? (
          <>
            <Suspense
              fallback={
                <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
                  <Spinner className="h-4 w-4" /> Loading post...
                </p>
              }
            >
              <Markdown className="text-sm leading-relaxed text-slate-800">{post.content}</Markdown>
            </Suspense>
            {post.image_path && (
              <PostImage path={post.image_path} alt={post.image_alt} className="mt-4 rounded-lg" />
            )}
            <CarouselMarker post={post} />
            {renderPublishing && <div className="mt-6">{renderPublishing(post, onPostChange)}</div>}
            <div className="mt-6 flex justify-end gap-2">
              {post.image_path && (
                <DownloadImageButton
                  path={post.image_path}
                  fileName={imageFileName(post.topic, post.image_path)}
                />
              )}
              <Button autoFocus={backFromEditing} onClick={() => setDraft(post.content)}>
                Edit Post
              </Button>
            </div>
          </>
        ) : (
          <PostEditor
            draft={draft}
            saving={saving}
            failed={failed}
            onChange={setDraft}
            onCancel={leaveEditing}
            onSave={() => void save(draft)}
            image={<ImageEditFields state={image} disabled={saving} />}
            maxHashtags={maxHashtags}
            authorStyle={authorStyle}
          />
        )}
      </div>
    </Dialog>
  );
}
