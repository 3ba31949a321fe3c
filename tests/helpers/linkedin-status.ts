import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';

/** What GET /api/linkedin/status answers for a member connected until 26 Jan 2027 (noon UTC). */
export function linkedinConnectedAs(name = 'Ada Lovelace'): LinkedInStatus {
  return {
    configured: true,
    missing: [],
    connection: {
      name,
      connectedAt: '2026-11-01T12:00:00Z',
      expiresAt: '2027-01-26T12:00:00Z',
      needsReconnect: false,
    },
  };
}

/** A server with a LinkedIn app, for a user who has not connected. */
export const linkedinNotConnected: LinkedInStatus = { configured: true, missing: [], connection: null };
