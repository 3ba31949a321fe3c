import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { fetchLastScheduledRun } from '@/entities/post/api/fetch-scheduled-run';
import { fetchUpcomingPosts } from '@/entities/post/api/fetch-upcoming-posts';
import { linkedInConnected } from '@/entities/post/publishing/linkedin-connected';
import { scheduleFailingMessage, scheduleSilence } from '@/entities/post/publishing/schedule-health';
import { useLinkedInStore } from '@/features/publishing/linkedin-store';
import { requireUserId } from '@/lib/supabase/client';
import { dueCheckMs } from './due-posts-notice';
import { usePeriodicLook } from './use-periodic-look';

/**
 * When LinkedIn is connected but planned posts stay behind because the schedule no longer reaches
 * the server (a wrong secret key is refused every minute where nobody looks), every page says so.
 * Looked for with the due-post reminder's rhythm; quiet when it cannot tell.
 */
export function ScheduleHealthNotice() {
  const linkedin = useLinkedInStore((state) => state.status);
  const connected = linkedInConnected(linkedin) === true;
  const [message, setMessage] = useState<string | null>(null);

  // Not connected: nothing is sent to LinkedIn on schedule (the due-post reminder speaks then).
  usePeriodicLook(
    (stillWanted) => {
      requireUserId()
        .then((userId) => Promise.all([fetchUpcomingPosts(userId, 10), fetchLastScheduledRun()]))
        .then(([posts, lastRun]) => {
          const silence = scheduleSilence(posts, lastRun, Date.now());
          if (stillWanted()) setMessage(silence ? scheduleFailingMessage(silence.sinceMs) : null);
        })
        .catch(() => {
          // A courtesy, like the reminder: the next look may work.
        });
    },
    dueCheckMs,
    connected,
  );

  if (!connected || !message) return null;
  return (
    <Alert tone="warning" className="mx-4 mt-4 sm:mx-6">
      {message}
    </Alert>
  );
}
