import { ImagePlus, Sparkles, Trash2 } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { maxAltTextLength } from '@/entities/post/image/image-attachment';
import { acceptedImageTypes } from '@/entities/post/image/image-limits';

interface ImageControlsProps {
  /** Whether the post has an image (a new one, or one stored). */
  hasImage: boolean;
  preparing: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  onRemove: () => void;
  alt: string;
  onAltChange: (alt: string) => void;
  /** Drafts alt text with the AI, when it is available. */
  onDraftAlt?: (() => void) | undefined;
  draftingAlt?: boolean;
  error: string | null;
  note: string | null;
  /** The image itself (a thumbnail), shown beside the alt text. */
  thumbnail?: ReactNode;
}

interface PickerButtonProps {
  hasImage: boolean;
  preparing: boolean;
  disabled?: boolean | undefined;
  onFiles: (files: File[]) => void;
}

/** "Add Image" (or "Replace Image"): opens the file picker for one JPEG, PNG, GIF or WebP image. */
export function ImagePickerButton({ hasImage, preparing, disabled, onFiles }: PickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={acceptedImageTypes.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Choosing the same file again must fire again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        variant="secondary"
        disabled={preparing || Boolean(disabled)}
        onClick={() => input.current?.click()}
      >
        {preparing ? <Spinner className="h-4 w-4" /> : <ImagePlus aria-hidden="true" className="h-4 w-4" />}
        {preparing ? 'Preparing image...' : hasImage ? 'Replace Image' : 'Add Image'}
      </Button>
    </>
  );
}

type DetailsProps = Omit<ImageControlsProps, 'onFiles'>;

/** With an image: its thumbnail, alt text (and a draft by the AI) and "Remove Image"; any error or note. */
export function ImageDetails(props: DetailsProps) {
  const altId = useId();
  const busy = props.preparing || Boolean(props.disabled);
  return (
    <>
      {props.error && <Alert tone="danger">{props.error}</Alert>}
      {props.note && (
        <p role="status" className="text-sm text-slate-600">
          {props.note}
        </p>
      )}
      {props.hasImage && (
        <div className="flex gap-3">
          {props.thumbnail && (
            <div className="w-24 shrink-0 overflow-hidden rounded-lg">{props.thumbnail}</div>
          )}
          <div className="min-w-0 flex-1">
            <label htmlFor={altId} className="block text-sm font-medium text-slate-700">
              Alt text
            </label>
            <textarea
              id={altId}
              rows={2}
              maxLength={maxAltTextLength}
              value={props.alt}
              disabled={busy}
              onChange={(event) => props.onAltChange(event.target.value)}
              placeholder="Describe the image for people who use screen readers"
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
            />
            <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
              <span>
                {props.alt.length.toLocaleString('en-US')} / {maxAltTextLength.toLocaleString('en-US')}
              </span>
              <span className="flex gap-1">
                {props.onDraftAlt && (
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    disabled={busy || props.draftingAlt}
                    onClick={props.onDraftAlt}
                  >
                    {props.draftingAlt ? (
                      <Spinner className="h-3 w-3" />
                    ) : (
                      <Sparkles aria-hidden="true" className="h-3 w-3" />
                    )}
                    {props.draftingAlt ? 'Drafting alt text...' : 'Draft alt text with AI'}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  disabled={busy}
                  onClick={props.onRemove}
                  className="px-2 py-1 text-xs text-red-600 hover:bg-red-50"
                >
                  <Trash2 aria-hidden="true" className="h-3 w-3" /> Remove Image
                </Button>
              </span>
            </div>
          </div>
        </div>
      )}
    </>
  );
}

/** Attaching a post's image where a post is edited: the picker button, then the details. */
export function ImageControls(props: ImageControlsProps) {
  return (
    <div className="space-y-3">
      <ImagePickerButton
        hasImage={props.hasImage}
        preparing={props.preparing}
        disabled={props.disabled}
        onFiles={props.onFiles}
      />
      <ImageDetails {...props} />
    </div>
  );
}
