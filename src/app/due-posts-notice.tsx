import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { linkedInConnected } from '@/entities/post/publishing/linkedin-connected';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { fetchUpcomingPosts } from '@/entities/post/api/fetch-upcoming-posts';
import { usePostsStore } from '@/features/posts/posts-store';
import { useLinkedInStore } from '@/features/publishing/linkedin-store';
import { useCopyToClipboard } from '@/lib/clipboard/use-copy-to-clipboard';
import { requireUserId } from '@/lib/supabase/client';
import type { Post } from '@/entities/post/post';
import { toast } from '@/lib/toast/toast';
import { usePeriodicLook } from './use-periodic-look';

/** How often the app looks for planned posts whose time has come. */
export const dueCheckMs = 60_000;

/** Reminders put off with "Later", for this page session (pages remount the shell's notices). */
const putOff = new Set<string>();

const isDue = (post: Post, now: number) =>
  post.publish_status === 'scheduled' && post.planned_at !== null && Date.parse(post.planned_at) <= now;

/**
 * The in-app reminder (docs/product.md §2.4): when a planned post's time has come and LinkedIn
 * cannot publish it (not set up, not connected, or signed out), every page says so, with the text
 * ready to copy. Looked for once a minute and when the page is shown again; quiet on failure.
 */
export function DuePostsNotice({ apiBaseUrl }: { apiBaseUrl: string }) {
  const linkedin = useLinkedInStore((state) => state.status);
  const loadLinkedIn = useLinkedInStore((state) => state.load);
  const markPublished = usePostsStore((state) => state.markPublished);
  const [due, setDue] = useState<Post[]>([]);
  const [later, setLater] = useState<ReadonlySet<string>>(() => new Set(putOff));
  const [marking, setMarking] = useState(false);
  const { copied, copy } = useCopyToClipboard();

  useEffect(() => {
    void loadLinkedIn(apiBaseUrl);
  }, [apiBaseUrl, loadLinkedIn]);

  usePeriodicLook((stillWanted) => {
    requireUserId()
      .then((userId) => fetchUpcomingPosts(userId, 10))
      .then((posts) => {
        if (stillWanted()) setDue(posts.filter((post) => isDue(post, Date.now())));
      })
      .catch(() => {
        // A reminder is a courtesy: the next look may work.
      });
  }, dueCheckMs);

  const waiting = due.filter((post) => !later.has(post.id));
  const [first] = waiting;
  if (linkedInConnected(linkedin) !== false || !first) return null;

  async function markFirstPublished(post: Post) {
    setMarking(true);
    try {
      await markPublished(post.id);
      setDue((posts) => posts.filter((item) => item.id !== post.id));
    } catch (caught) {
      toast.error(caught instanceof Error && caught.message ? caught.message : 'Could not update the post');
    } finally {
      setMarking(false);
    }
  }

  const others = waiting.length - 1;
  return (
    <Alert tone="info" className="mx-4 mt-4 sm:mx-6">
      <div role="group" aria-label="A planned post is due" className="space-y-2">
        <p>
          It&apos;s time to post “{first.topic || 'Untitled post'}”. LinkedIn isn&apos;t connected, so copy
          the text and post it yourself.
          {others > 0 &&
            ` ${others === 1 ? '1 more planned post is' : `${others} more planned posts are`} due too.`}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onClick={() => void copy(first.content).then((done) => done || toast.error(messages.copy_failed))}
          >
            {copied ? (
              <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
            ) : (
              <Copy aria-hidden="true" className="h-4 w-4" />
            )}
            {copied ? 'Copied!' : 'Copy text'}
          </Button>
          <Button variant="secondary" disabled={marking} onClick={() => void markFirstPublished(first)}>
            Mark as published
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              putOff.add(first.id);
              setLater(new Set(putOff));
            }}
          >
            Later
          </Button>
          {linkedin?.configured && (
            <Link to={paths.settings} className="text-sm font-medium text-brand-600 hover:underline">
              {linkedin.connection?.needsReconnect ? 'Reconnect LinkedIn' : 'Connect LinkedIn'}
            </Link>
          )}
        </div>
      </div>
    </Alert>
  );
}
