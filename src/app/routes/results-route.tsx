import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/auth-store';
import { ResultsPage } from '@/features/results/components/results-page';
import { newVersionTopic } from '@/features/results/new-version-topic';
import { refreshLinkedInResults } from '@/entities/post/publishing/linkedin-api';
import { usePlanTimeZone } from '@/entities/post/queue/use-plan-time-zone';
import { useLinkedInStatus } from '@/features/publishing/use-linkedin-status';
import { useRuntimeConfig } from '../runtime-config-context';
import { handOverTopic } from '../topic-handover';

/**
 * /results, in planning's time zone (Settings → Schedule, else the browser's): days and hours are
 * read on its wall clock. "Refresh from LinkedIn" once LinkedIn is connected (the page also
 * refreshes by itself on opening, at most every few hours); "Write a new version" on a top post hands the generator a topic asking for the same
 * idea and structure in new words (as the Ideas Bank's "Reuse" hands a topic), and opens it.
 */
export function ResultsRoute() {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const navigate = useNavigate();
  const { apiBaseUrl } = useRuntimeConfig();
  const linkedin = useLinkedInStatus(apiBaseUrl);
  const connected = linkedin?.connection && !linkedin.connection.needsReconnect;
  const timeZone = usePlanTimeZone();
  return (
    <ResultsPage
      userId={userId}
      timeZone={timeZone}
      onRefreshFromLinkedIn={connected ? () => refreshLinkedInResults(apiBaseUrl) : undefined}
      onWriteNewVersion={(post) => {
        handOverTopic(newVersionTopic(post.content), { content: post.content, date: post.publishedAt });
        navigate(paths.dashboard);
      }}
    />
  );
}
