import { updatePost } from '../api/update-post';
import type { Post } from '../post';
import { usePostDocumentStore } from './post-document-store';

/**
 * Plans the document's row for `plannedAt` (the database then schedules it), once the autosave has
 * stored it; the document takes the row's new state.
 */
export async function planDocument(plannedAt: Date): Promise<Post> {
  const { doc } = usePostDocumentStore.getState();
  const post = await updatePost(doc.id, { planned_at: plannedAt.toISOString() });
  usePostDocumentStore.getState().planned(post);
  return post;
}
