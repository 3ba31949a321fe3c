import { messages } from '@/config/messages';
import { currentAccessToken, endSessionHere } from '@/lib/supabase/client';
import type { Post } from '@/entities/post/post';

/** The user's LinkedIn as the /api functions describe it (server/api/routes/linkedin-connection.ts). */
export interface LinkedInStatus {
  /** False until the server owner sets up a LinkedIn app. */
  configured: boolean;
  /** What the server owner still has to set (variable names). */
  missing: string[];
  connection: { name: string; connectedAt: string; expiresAt: string; needsReconnect: boolean } | null;
}

/** A refusal of the LinkedIn functions, with the server's message (in the user's words) and its code. */
export class LinkedInApiError extends Error {
  override name = 'LinkedInApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

async function call<T>(apiBaseUrl: string, path: string, init: RequestInit = {}): Promise<T> {
  const token = await currentAccessToken();
  if (!token) throw new LinkedInApiError(messages.session_expired, 401, 'invalid_token');
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
  } catch {
    throw new LinkedInApiError(messages.no_connection, 0, 'network');
  }
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: string; code?: string };
  } | null;
  if (!response.ok) {
    // The app refreshes tokens before they expire: a refused one was signed out elsewhere.
    if (response.status === 401) void endSessionHere();
    throw new LinkedInApiError(
      body?.error?.message ?? messages.unexpected,
      response.status,
      body?.error?.code ?? 'unknown',
    );
  }
  return body as T;
}

export const fetchLinkedInStatus = (apiBaseUrl: string) =>
  call<LinkedInStatus>(apiBaseUrl, '/linkedin/status');

/** The LinkedIn sign-in page to send the browser to. */
export async function startLinkedInConnect(apiBaseUrl: string): Promise<string> {
  return (await call<{ url: string }>(apiBaseUrl, '/linkedin/connect', { method: 'POST', body: '{}' })).url;
}

/** Hands what LinkedIn sent back (state with code, or an error) to the server; the new status. */
export function finishLinkedInConnect(
  apiBaseUrl: string,
  params: { state: string; code?: string; error?: string; error_description?: string },
): Promise<LinkedInStatus> {
  return call<LinkedInStatus>(apiBaseUrl, '/linkedin/callback', {
    method: 'POST',
    body: JSON.stringify(params),
  });
}

export const disconnectLinkedIn = (apiBaseUrl: string) =>
  call<LinkedInStatus>(apiBaseUrl, '/linkedin/connection', { method: 'DELETE' });

/** Publishes the post now (or again, after a failure); the post as stored afterwards. */
export async function publishToLinkedIn(apiBaseUrl: string, postId: string): Promise<Post> {
  return (
    await call<{ post: Post }>(apiBaseUrl, '/linkedin/publish', {
      method: 'POST',
      body: JSON.stringify({ postId }),
    })
  ).post;
}

/**
 * Posts the first comment of a published post again, after it failed (the post is not sent again);
 * the post as stored afterwards, its comment posted or failed with the reason.
 */
export async function retryFirstComment(apiBaseUrl: string, postId: string): Promise<Post> {
  return (
    await call<{ post: Post }>(apiBaseUrl, '/linkedin/first-comment/retry', {
      method: 'POST',
      body: JSON.stringify({ postId }),
    })
  ).post;
}

/** What a refresh of results from LinkedIn's API did (server/api/routes/linkedin-results.ts). */
export interface LinkedInResultsRefresh {
  /** Posts whose figures were read and stored now. */
  read: number;
  /** Posts whose figures were due (some may wait for the next refresh). */
  due: number;
  /** Published posts whose next read is not due yet (a few on a post's first day, then daily, then weekly). */
  waiting: number;
}

/** Reads the figures of the user's posts published through the app that are due, from LinkedIn's API. */
export const refreshLinkedInResults = (apiBaseUrl: string): Promise<LinkedInResultsRefresh> =>
  call<LinkedInResultsRefresh>(apiBaseUrl, '/linkedin/results/refresh', { method: 'POST', body: '{}' });
