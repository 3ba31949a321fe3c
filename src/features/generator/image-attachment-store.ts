import { create } from 'zustand';
import {
  pickImage,
  releasePendingImage,
  type ImagePicking,
  type PendingImage,
} from '@/entities/post/image/image-attachment';

interface ImageAttachmentState extends ImagePicking {
  /** The image chosen for the post being written; it is uploaded when the post is saved. */
  pending: PendingImage | null;
  reset: () => void;
}

/**
 * The dashboard's image, kept while the user moves between pages (not across reloads: the file
 * itself is only in memory). A failed pick keeps the image there was.
 */
export const useImageAttachmentStore = create<ImageAttachmentState>()((set, get) => ({
  pending: null,
  preparing: false,
  error: null,
  note: null,

  attach: async (files) => {
    if (get().preparing) return;
    set({ preparing: true, error: null, note: null });
    const result = await pickImage(files, get().pending?.alt ?? '');
    if ('error' in result) {
      set({ preparing: false, error: result.error });
      return;
    }
    releasePendingImage(get().pending);
    set({ pending: result.pending, preparing: false, note: result.note });
  },

  setAlt: (alt) => {
    const { pending } = get();
    if (pending) set({ pending: { ...pending, alt } });
  },

  remove: () => {
    releasePendingImage(get().pending);
    set({ pending: null, error: null, note: null });
  },

  reset: () => {
    releasePendingImage(get().pending);
    set({ pending: null, preparing: false, error: null, note: null });
  },
}));
