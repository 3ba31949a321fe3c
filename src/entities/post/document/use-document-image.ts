import { useShallow } from 'zustand/react/shallow';
import type { ImagePicking } from '../image/image-attachment';
import { usePostDocumentStore } from './post-document-store';

export interface DocumentImage extends ImagePicking {
  /** What the post shows: a newly picked image (its local link), the stored one, or none. */
  shown: { kind: 'new'; src: string } | { kind: 'stored'; path: string } | null;
  alt: string;
}

/** The document's image and the controls to pick, describe and remove it. */
export function useDocumentImage(): DocumentImage {
  const { newImage, imagePath, alt, picking } = usePostDocumentStore(
    useShallow((state) => ({
      newImage: state.newImage,
      imagePath: state.doc.imagePath,
      alt: state.doc.imageAlt,
      picking: state.imagePicking,
    })),
  );
  const store = usePostDocumentStore.getState();
  return {
    shown: newImage
      ? { kind: 'new', src: newImage.pending.previewUrl }
      : imagePath
        ? { kind: 'stored', path: imagePath }
        : null,
    alt,
    preparing: picking.preparing,
    error: picking.error,
    note: picking.note,
    attach: store.attachImage,
    setAlt: store.setImageAlt,
    remove: store.removeImage,
  };
}
