import { FileText } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { PostImageFrame } from '@/entities/post/image/ui/post-image';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { linkedInLength, linkedInPostLimit } from '@/lib/linkedin/linkedin-text';

interface PublishDialogProps {
  open: boolean;
  /** The post's text exactly as it will go out. */
  text: string;
  /** The comment posted under it right after, if any (blank counts as none). */
  firstComment?: string | null | undefined;
  /** Whose LinkedIn it goes on. */
  memberName: string;
  /** A link that shows the post's image, if it has one. */
  imageUrl?: string | null | undefined;
  imageAlt?: string | null | undefined;
  /** The post's carousel, if it has one: it goes out as a document under this title, one page a slide. */
  carousel?: { title: string; pages: number } | null | undefined;
  /** Publishes; rejects with the reason in the user's words. On success the dialog closes. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "Publish to LinkedIn?": what will be posted, as typed (never rendered as markdown), its first
 * comment, and as whom.
 */
export function PublishDialog(props: PublishDialogProps) {
  // Each opening starts afresh: no error or busy state left from the last one.
  return props.open ? <OpenPublishDialog {...props} /> : null;
}

function OpenPublishDialog({
  text,
  firstComment,
  memberName,
  imageUrl,
  imageAlt,
  carousel,
  onConfirm,
  onClose,
}: PublishDialogProps) {
  const id = useId();
  // Trimmed, as the publisher sends it.
  const comment = firstComment?.trim() ?? '';
  const cancel = useRef<HTMLButtonElement>(null);
  const [publishing, setPublishing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = linkedInLength(text);
  const tooLong = length > linkedInPostLimit;

  async function publish() {
    if (publishing || tooLong) return;
    setPublishing(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'The post was not published.');
      setPublishing(false);
    }
  }

  return (
    <Dialog
      role="alertdialog"
      onClose={() => {
        if (!publishing) onClose();
      }}
      initialFocus={cancel}
      className="flex max-w-xl flex-col overflow-hidden"
    >
      <div className="border-b border-slate-200 px-6 py-4">
        <DialogTitle>Publish to LinkedIn?</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-slate-600">As {memberName}</DialogDescription>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-6 py-4">
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-800">
          {text}
        </p>
        {imageUrl && (
          <figure>
            <PostImageFrame src={imageUrl} alt={imageAlt ?? null} className="rounded-lg" />
            {imageAlt && (
              <figcaption className="mt-1 text-xs text-slate-500">Alt text: {imageAlt}</figcaption>
            )}
          </figure>
        )}
        {carousel && (
          <figure
            aria-label="Carousel"
            className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
          >
            <FileText aria-hidden="true" className="h-8 w-8 shrink-0 text-red-700" />
            <figcaption className="min-w-0 text-sm">
              <span className="block font-medium break-words text-slate-900">{carousel.title}</span>
              <span className="text-slate-600">
                PDF document · {carousel.pages} page{carousel.pages === 1 ? '' : 's'}
              </span>
            </figcaption>
          </figure>
        )}
        <p id={`${id}-count`} className={`text-xs ${tooLong ? 'text-red-700' : 'text-slate-500'}`}>
          {count(length)} of {count(linkedInPostLimit)} characters
        </p>
        {tooLong && (
          <p id={`${id}-too-long`} className="text-sm text-red-700">
            This post has {count(length)} characters; LinkedIn takes at most {count(linkedInPostLimit)}.
            Shorten it, then publish.
          </p>
        )}
        {comment && (
          <figure aria-labelledby={`${id}-comment`}>
            <figcaption id={`${id}-comment`} className="text-xs font-medium text-slate-500">
              First comment
            </figcaption>
            <p className="mt-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-800">
              {comment}
            </p>
          </figure>
        )}
        {error && <Alert tone="danger">{error}</Alert>}
      </div>
      <div className="flex justify-end gap-3 border-t border-slate-200 px-6 py-4">
        <Button ref={cancel} variant="secondary" onClick={onClose} disabled={publishing}>
          Cancel
        </Button>
        <Button
          onClick={() => void publish()}
          disabled={publishing || tooLong}
          aria-describedby={tooLong ? `${id}-too-long` : undefined}
        >
          {publishing ? 'Publishing…' : 'Publish now'}
        </Button>
      </div>
    </Dialog>
  );
}
