import { queuePost } from '../api/queue-post';
import type { Post } from '../post';
import { usePostDocumentStore } from './post-document-store';

/**
 * "Add to queue" for the open document (plan-document.ts, with the time picked by the database's
 * queue): once the autosave has stored the row, plans it for the next free posting time; the
 * document takes the row's new state.
 */
export async function queueDocument(): Promise<Post> {
  const { doc } = usePostDocumentStore.getState();
  const post = await queuePost(doc.id);
  usePostDocumentStore.getState().planned(post);
  return post;
}
