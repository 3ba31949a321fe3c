/**
 * A fake LinkedIn for the "publish to LinkedIn" flow (docs/wire-formats.md §7.6): OAuth, OpenID
 * userinfo, image and document (carousel PDF) upload, post creation, comments and member post analytics, in LinkedIn's wire format and refusing what
 * LinkedIn refuses. Point LINKEDIN_AUTH_BASE_URL at `${url}/oauth/v2` and LINKEDIN_API_BASE_URL at `url`.
 */
import { sendJson } from './http-utils.ts';
import type { LinkedInContext } from './linkedin-common.ts';
import { handleCreateComment, SOCIAL_ACTIONS_PREFIX } from './linkedin-comments-fake.ts';
import { handleAccessToken, handleAuthorization, handleUserInfo } from './linkedin-oauth-fake.ts';
import { handleCreatePost } from './linkedin-posts-fake.ts';
import { ANALYTICS_PATH, handleMemberPostAnalytics } from './linkedin-analytics-fake.ts';
import {
  handleInitializeDocumentUpload,
  handleInitializeUpload,
  handleUpload,
  UPLOAD_PATH_PREFIX,
} from './linkedin-rest-fake.ts';

export type { LinkedInContext } from './linkedin-common.ts';
export { escapeLittleText, shownText } from './linkedin-little-text.ts';
export { MAX_COMMENTARY_LENGTH } from './linkedin-posts-fake.ts';
export { MAX_COMMENT_LENGTH } from './linkedin-comments-fake.ts';
export * from './linkedin-state.ts';

/** The routes the fake server sends here; `prefix` routes take an id after the path. */
export const linkedinRoutes: { method: string; path: string; prefix?: boolean; binary?: boolean }[] = [
  { method: 'GET', path: '/oauth/v2/authorization' },
  { method: 'POST', path: '/oauth/v2/accessToken' },
  { method: 'GET', path: '/v2/userinfo' },
  { method: 'POST', path: '/rest/images' },
  { method: 'POST', path: '/rest/documents' },
  { method: 'POST', path: '/rest/posts' },
  { method: 'GET', path: ANALYTICS_PATH },
  // POST /rest/socialActions/{post URN}/comments
  { method: 'POST', path: SOCIAL_ACTIONS_PREFIX.slice(0, -1), prefix: true },
  // The bytes of an image or a document: recorded as a length, not as text.
  { method: 'PUT', path: UPLOAD_PATH_PREFIX.slice(0, -1), prefix: true, binary: true },
];

export function handleLinkedIn(context: LinkedInContext): void | Promise<void> {
  const { path } = context;
  if (path.startsWith(UPLOAD_PATH_PREFIX)) return handleUpload(context);
  if (path.startsWith(SOCIAL_ACTIONS_PREFIX)) return handleCreateComment(context);
  switch (path) {
    case '/oauth/v2/authorization':
      return handleAuthorization(context);
    case '/oauth/v2/accessToken':
      return handleAccessToken(context);
    case '/v2/userinfo':
      return handleUserInfo(context);
    case '/rest/images':
      return handleInitializeUpload(context);
    case '/rest/documents':
      return handleInitializeDocumentUpload(context);
    case '/rest/posts':
      return handleCreatePost(context);
    case ANALYTICS_PATH:
      return handleMemberPostAnalytics(context);
    default:
      return sendJson(context.res, 404, { status: 404, message: `No LinkedIn resource at ${path}` });
  }
}
