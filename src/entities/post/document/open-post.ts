import type { Post } from '../post';
import { flushPostDocument } from './autosave';
import { usePostDocumentStore } from './post-document-store';
import { saveMessages } from './save-state';

/**
 * Opens a stored post as the document being written (Saved Posts' "Continue writing"), once the one
 * open now is safely stored. Resolves with null, or with why it could not (the open post is kept).
 */
export async function openPostInEditor(post: Post): Promise<string | null> {
  if (usePostDocumentStore.getState().doc.id === post.id) return null;
  if (!(await flushPostDocument())) return saveMessages.notYet;
  usePostDocumentStore.getState().open(post);
  return null;
}
