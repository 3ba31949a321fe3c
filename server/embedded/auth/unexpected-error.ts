import { randomUUID } from 'node:crypto';
import { GoTrueError } from './gotrue-error.ts';

/**
 * Logs an unexpected failure as one line: an id (also sent to the client), the error's name, its
 * code (a Postgres SQLSTATE, for example) and its message. Never the error object itself: database
 * errors carry the failing query's parameters, which hold password hashes, emails and token digests.
 */
export function unexpectedFailure(error: unknown): GoTrueError {
  const errorId = randomUUID();
  const name = error instanceof Error ? error.name : typeof error;
  const rawCode =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const code = typeof rawCode === 'string' || typeof rawCode === 'number' ? ` [${rawCode}]` : '';
  const message = error instanceof Error ? error.message.slice(0, 500) : 'a non-Error value was thrown';
  console.error(`auth: unexpected error ${errorId}: ${name}${code}: ${message}`);
  return new GoTrueError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
    {
      error_id: errorId,
    },
  );
}
