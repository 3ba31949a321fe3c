import { ApiError } from '../api-error.ts';
import type { LinkedInContext } from '../linkedin/linkedin-api.ts';
import type { StoredConnection } from '../linkedin/publisher.ts';

/**
 * The user's LinkedIn connection, when LinkedIn should take its token; otherwise a 409 that says
 * what to do in Settings, before anything is claimed or sent.
 */
export async function requireActiveConnection(
  linkedin: LinkedInContext,
  userId: string,
): Promise<StoredConnection> {
  const connection = await linkedin.publisher.connectionOf(userId);
  if (!connection) {
    throw new ApiError(
      409,
      'Connect LinkedIn in Settings first.',
      'invalid_request_error',
      'linkedin_not_connected',
    );
  }
  if (connection.status !== 'active' || Date.parse(connection.expires_at) <= Date.now()) {
    throw new ApiError(
      409,
      'LinkedIn needs you to sign in again. Reconnect LinkedIn in Settings; nothing was posted.',
      'invalid_request_error',
      'linkedin_reconnect',
    );
  }
  return connection;
}
