import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';

/** Whether LinkedIn can publish for the user now; null while the server has not said. */
export function linkedInConnected(status: LinkedInStatus | null): boolean | null {
  if (!status) return null;
  return Boolean(status.configured && status.connection && !status.connection.needsReconnect);
}
