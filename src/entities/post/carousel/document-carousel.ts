import { messages } from '@/config/messages';
import { storeErrorMessage } from '@/lib/errors/store-error-message';
import { fetchPostsById } from '../api/fetch-posts-by-id';
import { updatePost } from '../api/update-post';
import { flushPostDocument } from '../document/autosave';
import { usePostDocumentStore } from '../document/post-document-store';
import { saveMessages } from '../document/save-state';
import type { Post } from '../post';
import type { CarouselContent } from './carousel';
import { attachCarouselPdf, removeCarousel, type CarouselStore } from './carousel-actions';

/**
 * The carousel actions for the post open on the dashboard (its document): the row is stored first
 * (the autosave's words, and an image removed for the carousel), then the carousel is written, and
 * the row as it comes back becomes the document's (its `updated_at` too, so the next autosave does
 * not take the carousel's save for another tab's).
 */
const documentCarouselStore: CarouselStore = {
  currentPost: async (id) => {
    const [stored] = await fetchPostsById([id]);
    if (!stored) throw new Error(messages.post_not_found);
    return stored;
  },
  patchPost: (id, patch) => updatePost(id, patch),
  failPost: (error) => {
    throw new Error(storeErrorMessage(error), { cause: error });
  },
};

/** Stores the open post (its words, and no image), or says why it cannot be yet. */
async function storedDocumentId(): Promise<string> {
  if (!(await flushPostDocument())) throw new Error(saveMessages.notYet);
  const { doc } = usePostDocumentStore.getState();
  if (doc.updatedAt === null) throw new Error(saveMessages.notYet);
  return doc.id;
}

function taken(post: Post): Post {
  usePostDocumentStore.getState().carouselSaved(post);
  return post;
}

/** "Save carousel": the exported PDF with its title and slides, on the open post. */
export async function attachDocumentCarousel(carousel: CarouselContent & { pdf: Blob }): Promise<Post> {
  const id = await storedDocumentId();
  return taken(await attachCarouselPdf(documentCarouselStore, id, carousel));
}

/** "Remove carousel": the open post's carousel and its PDF are gone. */
export async function removeDocumentCarousel(): Promise<Post> {
  const id = await storedDocumentId();
  const removed = taken(await removeCarousel(documentCarouselStore, id));
  // Unsaved edits of a removed carousel are not brought back.
  usePostDocumentStore.getState().dropCarouselDraft(id);
  return removed;
}
