import type { LinkedInConfig } from './linkedin-config.ts';
import { failedBeforeSending } from './sent-or-not.ts';

/**
 * LinkedIn's HTTP API as the publisher uses it: the OAuth token exchange, OpenID userinfo, image
 * and document upload, post creation and comments (docs/wire-formats.md "LinkedIn"). Every failure is a LinkedInError
 * carrying LinkedIn's status (null when no answer came) and its own message.
 */
export class LinkedInError extends Error {
  override name = 'LinkedInError';
  constructor(
    readonly status: number | null,
    message: string,
    readonly retryAfterSeconds: number | null = null,
    /**
     * Whether LinkedIn may have received the request: false only when the connection was never
     * made (sent-or-not.ts). A request that got an answer was received.
     */
    readonly sent = true,
  ) {
    super(message);
  }
}

export interface LinkedInToken {
  accessToken: string;
  expiresInSeconds: number;
  scopes: string;
}

export interface LinkedInMember {
  /** The OpenID subject: the member's id in `urn:li:person:{sub}`. */
  sub: string;
  name: string;
}

export interface NewLinkedInPost {
  authorSub: string;
  /** Already in little text (little-text.ts). */
  commentary: string;
  image?: { urn: string; altText: string | null } | undefined;
  /** A document (a carousel's PDF) shown under its title; a post has an image or a document, not both. */
  document?: { urn: string; title: string } | undefined;
}

export interface NewLinkedInComment {
  actorSub: string;
  /** The post's URN (`urn:li:share:…`), what the comment goes under. */
  postUrn: string;
  /** Already in little text (little-text.ts). */
  text: string;
}

export function linkedinClient(config: LinkedInConfig, fetcher: typeof fetch) {
  async function call(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetcher(url, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new LinkedInError(null, message, null, !failedBeforeSending(error));
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new LinkedInError(
      response.status,
      linkedinMessage(text),
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }

  const rest = (token: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    'linkedin-version': config.apiVersion,
    'x-restli-protocol-version': '2.0.0',
    ...extra,
  });

  return {
    authorizeUrl(state: string, scopes: string): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: config.redirectUrl,
        state,
        scope: scopes,
      });
      return `${config.authBaseUrl}/authorization?${query.toString()}`;
    },

    async exchangeCode(code: string): Promise<LinkedInToken> {
      const response = await call(`${config.authBaseUrl}/accessToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: config.redirectUrl,
          client_id: config.clientId,
          client_secret: config.clientSecret,
        }),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
        throw new LinkedInError(502, 'LinkedIn answered the sign-in without an access token.');
      }
      return {
        accessToken: body.access_token,
        expiresInSeconds: body.expires_in,
        scopes: typeof body.scope === 'string' ? body.scope : '',
      };
    },

    async member(token: string): Promise<LinkedInMember> {
      const response = await call(`${config.apiBaseUrl}/v2/userinfo`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (typeof body.sub !== 'string' || body.sub === '') {
        throw new LinkedInError(502, 'LinkedIn did not say which member signed in.');
      }
      const given = typeof body.given_name === 'string' ? body.given_name : '';
      const family = typeof body.family_name === 'string' ? body.family_name : '';
      const name = typeof body.name === 'string' && body.name ? body.name : `${given} ${family}`.trim();
      return { sub: body.sub, name: name || 'LinkedIn member' };
    },

    /** Uploads an image for the member and returns its urn:li:image. */
    async uploadImage(token: string, ownerSub: string, image: { bytes: ArrayBuffer; contentType: string }) {
      const init = await call(`${config.apiBaseUrl}/rest/images?action=initializeUpload`, {
        method: 'POST',
        headers: rest(token, { 'content-type': 'application/json' }),
        body: JSON.stringify({ initializeUploadRequest: { owner: `urn:li:person:${ownerSub}` } }),
      });
      const body = (await init.json()) as { value?: { uploadUrl?: unknown; image?: unknown } };
      const uploadUrl = body.value?.uploadUrl;
      const urn = body.value?.image;
      if (typeof uploadUrl !== 'string' || typeof urn !== 'string') {
        throw new LinkedInError(502, 'LinkedIn did not give an address to upload the image to.');
      }
      await call(uploadUrl, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': image.contentType },
        body: image.bytes,
      });
      return urn;
    },

    /**
     * Uploads a PDF for the member (Documents API) and returns its urn:li:document. LinkedIn
     * answers the initialisation with `value.uploadUrl` and `value.document`; the bytes go to the
     * upload URL with the same token.
     */
    async uploadDocument(token: string, ownerSub: string, pdf: { bytes: ArrayBuffer }) {
      const init = await call(`${config.apiBaseUrl}/rest/documents?action=initializeUpload`, {
        method: 'POST',
        headers: rest(token, { 'content-type': 'application/json' }),
        body: JSON.stringify({ initializeUploadRequest: { owner: `urn:li:person:${ownerSub}` } }),
      });
      const body = (await init.json()) as { value?: { uploadUrl?: unknown; document?: unknown } };
      const uploadUrl = body.value?.uploadUrl;
      const urn = body.value?.document;
      if (typeof uploadUrl !== 'string' || typeof urn !== 'string') {
        throw new LinkedInError(502, 'LinkedIn did not give an address to upload the carousel to.');
      }
      await call(uploadUrl, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
        body: pdf.bytes,
      });
      return urn;
    },

    /** Creates the post and returns its URN (LinkedIn's `x-restli-id`). */
    async createPost(token: string, post: NewLinkedInPost): Promise<string> {
      const response = await call(`${config.apiBaseUrl}/rest/posts`, {
        method: 'POST',
        headers: rest(token, { 'content-type': 'application/json' }),
        body: JSON.stringify({
          author: `urn:li:person:${post.authorSub}`,
          commentary: post.commentary,
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          ...mediaOf(post),
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        }),
      });
      const urn = response.headers.get('x-restli-id') ?? response.headers.get('x-linkedin-id');
      if (!urn) throw new LinkedInError(502, 'LinkedIn accepted the post but did not say where it is.');
      return urn;
    },

    /**
     * Comments under a post as the member (Community Management "Comments API"). LinkedIn answers
     * 201 with the comment; its URN, or null when the answer does not say (the comment exists).
     */
    async createComment(token: string, comment: NewLinkedInComment): Promise<string | null> {
      const target = encodeURIComponent(comment.postUrn);
      const response = await call(`${config.apiBaseUrl}/rest/socialActions/${target}/comments`, {
        method: 'POST',
        headers: rest(token, { 'content-type': 'application/json' }),
        body: JSON.stringify({
          actor: `urn:li:person:${comment.actorSub}`,
          object: comment.postUrn,
          message: { text: comment.text },
        }),
      });
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      return commentUrnOf(body, response.headers.get('x-restli-id'));
    },
  };
}

export type LinkedInClient = ReturnType<typeof linkedinClient>;

/** The post's `content`: its image with alt text, or its document with title, or nothing. */
function mediaOf(post: NewLinkedInPost) {
  if (post.document) return { content: { media: { id: post.document.urn, title: post.document.title } } };
  if (!post.image) return {};
  const { urn, altText } = post.image;
  return { content: { media: { id: urn, ...(altText ? { altText } : {}) } } };
}

/** Where a post is on LinkedIn. */
export const linkedinPostUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

/**
 * Where a created comment is: the body's `$URN` (or `commentUrn`), else the `x-restli-id` header
 * when it is a comment URN, else made from the body's thread (`object`) and comment `id`.
 */
function commentUrnOf(body: Record<string, unknown> | null, restliId: string | null): string | null {
  const isCommentUrn = (value: unknown): value is string =>
    typeof value === 'string' && value.startsWith('urn:li:comment:');
  const candidates = [body?.$URN, body?.commentUrn, restliId];
  const urn = candidates.find(isCommentUrn);
  if (urn) return urn;
  const { object, id } = body ?? {};
  return typeof object === 'string' && typeof id === 'string' && object && id
    ? `urn:li:comment:(${object},${id})`
    : null;
}

/** LinkedIn's own words from an error body (`message` or `error_description`), kept short. */
function linkedinMessage(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const message = body.message ?? body.error_description ?? body.error;
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 500);
  } catch {
    // Not JSON: fall through.
  }
  return text.trim().slice(0, 200) || 'no details';
}
