import { useEffect } from 'react';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import { useLinkedInStore } from './linkedin-store';

/**
 * The user's LinkedIn for a page that publishes (Saved Posts, the calendar): asked afresh when the
 * page opens, null until the server has answered (or when it could not be asked).
 */
export function useLinkedInStatus(apiBaseUrl: string): LinkedInStatus | null {
  const status = useLinkedInStore((state) => state.status);
  const load = useLinkedInStore((state) => state.load);
  useEffect(() => {
    void load(apiBaseUrl);
  }, [apiBaseUrl, load]);
  return status;
}
