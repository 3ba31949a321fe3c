import { useEffect, useState } from 'react';
import { pickImage, type ImageEdit, type ImagePicking, type PendingImage } from './image-attachment';

type Draft = { kind: 'keep'; alt: string } | { kind: 'remove' } | { kind: 'replace'; pending: PendingImage };

interface StoredImage {
  image_path: string | null;
  image_alt: string | null;
}

export interface ImageEditState extends ImagePicking {
  /** What the post will show: the stored image, a new one (its local link), or none. */
  shown: { kind: 'stored'; path: string; alt: string } | { kind: 'new'; src: string; alt: string } | null;
  alt: string;
  /** Back to the stored image (Cancel). */
  reset: () => void;
  /** The change to save, or undefined when the image and its alt text are as stored. */
  edit: () => ImageEdit | undefined;
}

/** Adding, replacing or removing a saved post's image while the post is edited. */
export function useImageEdit(post: StoredImage): ImageEditState {
  const initial = (): Draft => ({ kind: 'keep', alt: post.image_alt ?? '' });
  const [draft, setDraft] = useState<Draft>(initial);
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // The preview link lives as long as its image: a new alt text makes a new draft, not a new image.
  const previewUrl = draft.kind === 'replace' ? draft.pending.previewUrl : null;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const alt = draft.kind === 'keep' ? draft.alt : draft.kind === 'replace' ? draft.pending.alt : '';
  const shown: ImageEditState['shown'] =
    draft.kind === 'replace'
      ? { kind: 'new', src: draft.pending.previewUrl, alt }
      : draft.kind === 'keep' && post.image_path
        ? { kind: 'stored', path: post.image_path, alt }
        : null;

  return {
    shown,
    alt,
    preparing,
    error,
    note,
    attach: async (files) => {
      setPreparing(true);
      setError(null);
      setNote(null);
      const result = await pickImage(files, alt);
      setPreparing(false);
      if ('error' in result) {
        setError(result.error);
        return;
      }
      setDraft({ kind: 'replace', pending: result.pending });
      setNote(result.note);
    },
    setAlt: (next) => {
      if (draft.kind === 'keep') setDraft({ kind: 'keep', alt: next });
      if (draft.kind === 'replace') setDraft({ kind: 'replace', pending: { ...draft.pending, alt: next } });
    },
    remove: () => {
      setDraft({ kind: 'remove' });
      setError(null);
      setNote(null);
    },
    reset: () => {
      setDraft(initial());
      setError(null);
      setNote(null);
    },
    edit: () => {
      if (draft.kind === 'replace')
        return {
          kind: 'replace',
          image: draft.pending.image,
          alt: draft.pending.alt,
          previous: post.image_path,
        };
      if (draft.kind === 'remove')
        return post.image_path ? { kind: 'remove', previous: post.image_path } : undefined;
      return post.image_path && draft.alt.trim() !== (post.image_alt ?? '')
        ? { kind: 'keep', alt: draft.alt }
        : undefined;
    },
  };
}
