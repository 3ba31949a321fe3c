import { format, parseISO } from 'date-fns';
import { Check, CheckCircle2, Copy, FilePen, MessageCircle, PenSquare, Pencil, Trash2 } from 'lucide-react';
import { linkedInCommentLimit } from '@/lib/linkedin/linkedin-text';
import { useState } from 'react';
import { DownloadImageButton } from '@/entities/post/image/ui/download-image-button';
import { imageFileName } from '@/entities/post/image/image-file-name';
import { ImageEditFields } from '@/entities/post/image/ui/image-edit-fields';
import { PostImage } from '@/entities/post/image/ui/post-image';
import { hasCarousel } from '@/entities/post/carousel/carousel';
import { CarouselMarker } from '@/entities/post/carousel/ui/carousel-marker';
import { PostCheckPanel } from '@/entities/post/check/ui/post-check-panel';
import type { AuthorStyle } from '@/entities/post/check/author-style';
import { PublishingPanel } from '@/entities/post/publishing/ui/publishing-panel';
import { WithPostImageUrl } from '@/entities/post/image/ui/with-post-image-url';
import { Alert } from '@/components/ui/alert';
import { AuthorBlock, type AuthorDetails } from '@/components/ui/author-block';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/lib/clipboard/use-copy-to-clipboard';
import { imageSaveFailure, type ImageEdit } from '@/entities/post/image/image-attachment';
import { useImageEdit } from '@/entities/post/image/use-image-edit';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import type { Post } from '@/entities/post/post';
import { messages } from '@/config/messages';
import { toast } from '@/lib/toast/toast';

export type Author = AuthorDetails;

/** Planning and publishing one post (docs/product.md § Saved Posts). */
export interface SavedPostPublishing {
  /** The user's LinkedIn; null while unknown. */
  linkedin: LinkedInStatus | null;
  onPlan: (plannedAt: Date | null) => Promise<Post>;
  /** "Add to queue": plans a draft for the next free posting time. */
  onQueue?: (() => Promise<Post>) | undefined;
  onPublish: () => Promise<Post>;
  onMarkPublished: () => Promise<Post>;
  /** Posts a failed first comment again (only the comment). */
  onRetryFirstComment?: (() => Promise<Post>) | undefined;
}

interface SavedPostItemProps {
  post: Post;
  author: Author;
  /** The author's hashtag maximum: the post check flags more. */
  maxHashtags?: number | undefined;
  /** The author's own posts, for the post check: their habits are information, not warnings. */
  authorStyle?: AuthorStyle | undefined;
  onSaveEdit: (content: string, image: ImageEdit | undefined, firstComment: string) => Promise<void>;
  /** Opens the post on the dashboard to go on writing it (not for a post that is out). */
  onOpenInEditor?: (() => Promise<void>) | undefined;
  onTogglePublished: () => Promise<void>;
  onDelete: () => void;
  onChat: () => void;
  /** Shows where the post stands on its way to LinkedIn, its plan and "Publish now". */
  publishing?: SavedPostPublishing | undefined;
}

/** One saved post: author, date, status, the text, and its actions (docs/product.md §2 "Saved Posts"). */
export function SavedPostItem({
  post,
  author,
  maxHashtags,
  authorStyle,
  onSaveEdit,
  onOpenInEditor,
  onTogglePublished,
  onDelete,
  onChat,
  publishing,
}: SavedPostItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.content);
  const [comment, setComment] = useState(post.first_comment ?? '');
  const [saving, setSaving] = useState(false);
  const [editError, setEditError] = useState<string | null>(null);
  const { copied, copy: copyText } = useCopyToClipboard();
  const image = useImageEdit(post);

  async function copy() {
    if (!(await copyText(post.content))) toast.error(messages.copy_failed);
  }

  async function saveEdit() {
    setSaving(true);
    setEditError(null);
    try {
      await onSaveEdit(draft, image.edit(), comment);
      setEditing(false);
      image.reset();
    } catch (error) {
      // docs/product.md §15: update failures are logged; the edited text stays so nothing is lost.
      console.error('Could not save the edited post', error);
      setEditError(imageSaveFailure(error) ?? messages.edit_save_failed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <li>
      <article
        aria-labelledby={`post-${post.id}-topic`}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <header className="flex items-start gap-3">
          <AuthorBlock
            author={author}
            meta={<time dateTime={post.created_at}>{format(parseISO(post.created_at), 'MMM d, yyyy')}</time>}
          />
          <button
            type="button"
            onClick={() => void onTogglePublished()}
            aria-label={post.is_published ? 'Published — mark as draft' : 'Draft — mark as published'}
            title={post.is_published ? 'Published' : 'Draft'}
            className={`flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ${post.is_published ? 'bg-green-50 text-green-700' : 'bg-slate-100 text-slate-600'}`}
          >
            {post.is_published ? (
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            ) : (
              <FilePen aria-hidden="true" className="h-4 w-4" />
            )}
            {post.is_published ? 'Published' : 'Draft'}
          </button>
        </header>
        <h2 id={`post-${post.id}-topic`} className="mt-3 text-sm font-semibold text-slate-800">
          {post.topic}
        </h2>
        {editing ? (
          <div className="mt-2 space-y-2">
            <label htmlFor={`edit-${post.id}`} className="sr-only">
              Edit post
            </label>
            <textarea
              id={`edit-${post.id}`}
              rows={10}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
            />
            <div className="rounded-lg border border-slate-200">
              <PostCheckPanel
                text={draft}
                maxHashtags={maxHashtags}
                author={authorStyle}
                onApply={(edit) => setDraft(edit.text)}
              />
            </div>
            <label htmlFor={`comment-${post.id}`} className="block text-sm font-medium text-slate-700">
              First comment
            </label>
            <textarea
              id={`comment-${post.id}`}
              rows={2}
              value={comment}
              maxLength={linkedInCommentLimit}
              placeholder="Posted under the post right after it: a link, a source, a question"
              onChange={(event) => setComment(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
            />
            {hasCarousel(post) ? (
              <div>
                <CarouselMarker post={post} />
                <p className="mt-1 text-xs text-slate-500">
                  A post has either a carousel or an image. Use Continue writing to edit the carousel or
                  replace it with an image.
                </p>
              </div>
            ) : (
              <ImageEditFields state={image} disabled={saving} />
            )}
            {editError && <Alert tone="danger">{editError}</Alert>}
            <div className="flex justify-end gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(false);
                  setDraft(post.content);
                  setComment(post.first_comment ?? '');
                  setEditError(null);
                  image.reset();
                }}
                disabled={saving}
              >
                Cancel
              </Button>
              <Button onClick={() => void saveEdit()} disabled={saving || draft.trim() === ''}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-800">
              {post.content}
            </p>
            {post.image_path && (
              <PostImage
                path={post.image_path}
                alt={post.image_alt}
                className="-mx-5 mt-3 w-[calc(100%+2.5rem)]"
              />
            )}
            <CarouselMarker post={post} />
            {post.first_comment && (
              <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap break-words text-slate-700">
                <span className="block text-xs font-medium text-slate-500">First comment</span>
                {post.first_comment}
              </p>
            )}
          </>
        )}
        {!editing && publishing && (
          <div className="mt-4 border-t border-slate-100 pt-3">
            <WithPostImageUrl path={post.image_path}>
              {(imageUrl) => (
                <PublishingPanel
                  post={post}
                  linkedin={publishing.linkedin}
                  imageUrl={imageUrl}
                  onPlan={publishing.onPlan}
                  onQueue={publishing.onQueue}
                  onPublish={publishing.onPublish}
                  onMarkPublished={publishing.onMarkPublished}
                  onRetryFirstComment={publishing.onRetryFirstComment}
                />
              )}
            </WithPostImageUrl>
          </div>
        )}
        {!editing && (
          <footer className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
            <Button variant="ghost" onClick={() => void copy()}>
              {copied ? (
                <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
              ) : (
                <Copy aria-hidden="true" className="h-4 w-4" />
              )}
              {copied ? 'Copied!' : 'Copy'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(post.content);
                setComment(post.first_comment ?? '');
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
            </Button>
            {onOpenInEditor && (
              <Button variant="ghost" onClick={() => void onOpenInEditor()}>
                <PenSquare aria-hidden="true" className="h-4 w-4" /> Continue writing
              </Button>
            )}
            {post.image_path && (
              <DownloadImageButton
                path={post.image_path}
                fileName={imageFileName(post.topic, post.image_path)}
              />
            )}
            <Button variant="ghost" onClick={onChat}>
              <MessageCircle aria-hidden="true" className="h-4 w-4" /> Chat about this post
            </Button>
            <Button variant="ghost" onClick={onDelete} className="ml-auto text-red-600 hover:bg-red-50">
              <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
            </Button>
          </footer>
        )}
      </article>
    </li>
  );
}
