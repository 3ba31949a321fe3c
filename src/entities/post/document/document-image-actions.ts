import type { StoreApi } from 'zustand';
import { pickImage, releasePendingImage } from '../image/image-attachment';
import type { DocumentState, NewImage } from './document-state';
import type { PostDocument } from './post-document';

type Set = StoreApi<DocumentState>['setState'];
type Get = StoreApi<DocumentState>['getState'];
/** A change of the document's own fields (one more revision for the autosave). */
type Change = (doc: Partial<PostDocument>) => void;

/**
 * Picking, describing and removing the document's image. A new pick or a removal puts the image
 * the row points at (or one uploaded for this page) on the list the autosave deletes from Storage
 * once the row no longer points at it.
 */
export function imageActions(
  set: Set,
  get: Get,
  change: Change,
): Pick<DocumentState, 'attachImage' | 'setImageAlt' | 'removeImage'> {
  /** Puts `next` (or no image) in place of the document's image. */
  function swap(next: NewImage | null, note: string | null, fields: Partial<PostDocument>) {
    const { doc, newImage, replacedImages } = get();
    releasePendingImage(newImage?.pending ?? null);
    set({
      newImage: next,
      replacedImages: [...replacedImages, ...uploadedOrStored(newImage, doc.imagePath)],
      imagePicking: { preparing: false, error: null, note },
    });
    change({ imagePath: null, ...fields });
  }

  return {
    attachImage: async (files) => {
      if (get().imagePicking.preparing) return;
      const id = get().doc.id;
      set({ imagePicking: { preparing: true, error: null, note: null } });
      const result = await pickImage(files, get().doc.imageAlt);
      // The document changed while the image was read: it was picked for the other one.
      if (get().doc.id !== id) {
        if (!('error' in result)) releasePendingImage(result.pending);
        return;
      }
      if ('error' in result) {
        set({ imagePicking: { preparing: false, error: result.error, note: null } });
        return;
      }
      swap({ pending: result.pending, uploadedPath: null }, result.note, {});
    },
    setImageAlt: (imageAlt) => change({ imageAlt }),
    removeImage: () => swap(null, null, { imageAlt: '' }),
  };
}

/** The stored image a new pick or a removal takes the place of: the uploaded new one, else the row's. */
function uploadedOrStored(newImage: NewImage | null, imagePath: string | null): string[] {
  return [...new Set([newImage?.uploadedPath ?? null, imagePath])].filter(
    (path): path is string => path !== null,
  );
}
