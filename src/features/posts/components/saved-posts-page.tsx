import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import { useLiveRefresh } from '@/entities/post/publishing/use-live-refresh';
import type { Post } from '@/entities/post/post';
import type { AuthorStyle } from '@/entities/post/check/author-style';
import { toast } from '@/lib/toast/toast';
import { flushPostDocument } from '@/entities/post/document/autosave';
import { openPostInEditor } from '@/entities/post/document/open-post';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { usePostsStore } from '../posts-store';
import { PostFilterBar, emptyFilterText } from './post-filter-bar';
import { SavedPostItem, type Author } from './saved-post-item';

interface SavedPostsPageProps {
  author: Author;
  /** The author's hashtag maximum: the post check flags more. */
  maxHashtags?: number | undefined;
  /** The author's own posts, for the post check: their habits are information, not warnings. */
  authorStyle?: AuthorStyle | undefined;
  onChat: (post: { id: string; title: string; content: string; apply?: (text: string) => void }) => void;
  /** Planning and publishing to LinkedIn; without it the posts show no publishing part. */
  publishing?: {
    /** The user's LinkedIn; null while unknown. */
    linkedin: LinkedInStatus | null;
    /** Publishes the post now (also "Retry"); the post as stored afterwards. */
    onPublish: (id: string) => Promise<Post>;
    /** Posts a published post's failed first comment again (only the comment). */
    onRetryFirstComment: (id: string) => Promise<Post>;
  };
}

const noPosts: Post[] = [];

/** A post still being written (not out, nor going out) can be opened on the dashboard. */
const editable = (post: Post) => post.publish_status !== 'published' && post.publish_status !== 'publishing';

/** The store's message for a failed change of one post, or what failed and what to do. */
const failureMessage = (caught: unknown, what: string) =>
  caught instanceof Error && caught.message
    ? caught.message
    : `${what} ${messages.check_connection_and_retry}`;
const now = () => new Date();

/** /saved: every saved post, newest first, a page at a time. */
export function SavedPostsPage({
  author,
  maxHashtags,
  authorStyle,
  onChat,
  publishing,
}: SavedPostsPageProps) {
  const {
    posts,
    filter,
    setFilter,
    loading,
    error,
    hasMore,
    fetchPosts,
    loadMore,
    updatePost,
    togglePublished,
    planPost,
    queuePost,
    deletePost,
    refreshPosts,
  } = usePostsStore();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const navigate = useNavigate();

  // A post the server publishes (or another tab changes) shows its new state without a reload.
  useLiveRefresh(publishing ? posts : noPosts, now, () => void refreshPosts());

  useEffect(() => {
    // The post being written is a draft in this list: what is not stored yet is stored first.
    flushPostDocument()
      .catch(() => false)
      .then(() => fetchPosts())
      .catch(() => {})
      .finally(() => setLoadedOnce(true));
  }, [fetchPosts]);

  /** Opens the post on the dashboard, with a chat suggestion applied as one undoable step if given. */
  async function applyInEditor(post: Post, suggestion: string | null) {
    const refused = await openPostInEditor(post);
    if (refused) {
      toast.error(refused);
      return;
    }
    if (suggestion !== null)
      usePostDocumentStore.getState().apply({ content: suggestion }, 'the chat suggestion');
    navigate(paths.dashboard);
  }

  async function confirmDelete() {
    if (!confirming) return;
    setDeleting(true);
    try {
      await deletePost(confirming);
      toast.success('Post deleted');
      setConfirming(null);
    } catch (caught) {
      // Said once, in words (the store's message); the post stays in the list.
      console.error('Could not delete the post', caught);
      toast.error(failureMessage(caught, messages.post_delete_failed));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold text-slate-900">Saved Posts</h1>
      <PostFilterBar filter={filter} onChange={(next) => void setFilter(next).catch(() => {})} />
      {error && !loading && (
        <Alert tone="danger" className="mt-4">
          {error}{' '}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => void fetchPosts().catch(() => {})}
          >
            Try again
          </button>
        </Alert>
      )}
      {!loadedOnce || (loading && posts.length === 0) ? (
        <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
          <Spinner /> Loading your posts...
        </p>
      ) : posts.length === 0 && !error ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 bg-white p-10 text-center">
          <FileText aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="mt-3 font-medium text-slate-700">{emptyFilterText[filter]}</p>
          <Button className="mt-4" onClick={() => navigate(paths.dashboard)}>
            Create a post
          </Button>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {posts.map((post) => (
            <SavedPostItem
              key={post.id}
              post={post}
              author={author}
              maxHashtags={maxHashtags}
              authorStyle={authorStyle}
              onSaveEdit={async (content, image, firstComment) => {
                await updatePost(post.id, content, image, firstComment);
              }}
              onOpenInEditor={editable(post) ? () => applyInEditor(post, null) : undefined}
              onTogglePublished={async () => {
                try {
                  await togglePublished(post.id);
                } catch (caught) {
                  // Said once, as a toast; the post keeps the status it shows.
                  console.error('Could not change the publish state', caught);
                  toast.error(failureMessage(caught, messages.post_status_failed));
                }
              }}
              onDelete={() => setConfirming(post.id)}
              onChat={() =>
                onChat({
                  id: post.id,
                  title: post.topic,
                  content: post.content,
                  // A suggestion goes into the post in the editor, where Undo takes it back.
                  apply: editable(post) ? (text) => void applyInEditor(post, text) : undefined,
                })
              }
              publishing={
                publishing && {
                  linkedin: publishing.linkedin,
                  onPlan: (plannedAt) => planPost(post.id, plannedAt),
                  onQueue: () => queuePost(post.id),
                  onPublish: () => publishing.onPublish(post.id),
                  onRetryFirstComment: () => publishing.onRetryFirstComment(post.id),
                  // A due reminder's "Mark as published": the same change as the status pill.
                  onMarkPublished: () =>
                    post.is_published ? Promise.resolve(post) : togglePublished(post.id),
                }
              }
            />
          ))}
        </ul>
      )}
      {hasMore && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" disabled={loading} onClick={() => void loadMore().catch(() => {})}>
            {loading ? 'Loading...' : 'Load more posts'}
          </Button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete this post?"
          message="The post will be removed for good. This cannot be undone."
          confirmLabel="Delete post"
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
