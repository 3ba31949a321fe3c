/**
 * What the fake LinkedIn remembers between requests (codes, tokens, images, documents with their
 * bytes, posts and their comments). Tests read it
 * in-process as `fake.linkedin`, or over GET /__control/linkedin/posts from another process.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { JsonObject } from './http-utils.ts';
import {
  DEFAULT_LINKEDIN_MEMBER,
  LINKEDIN_TOKEN_EXPIRES_IN,
  type LinkedInMember,
  type LinkedInScenario,
} from './scenarios.ts';

/** An authorization code waiting to be redeemed, with what it was issued for. */
export interface LinkedInCode {
  clientId: string;
  redirectUri: string;
  scope: string[];
  /** ms epoch; LinkedIn codes live 30 minutes. */
  issuedAt: number;
  member: LinkedInMember;
}

export interface LinkedInToken {
  accessToken: string;
  member: LinkedInMember;
  clientId: string;
  scope: string[];
  /** ms epoch. */
  issuedAt: number;
  /** ms epoch: after it the token is refused as LinkedIn refuses an expired one. */
  expiresAt: number;
}

export interface LinkedInImage {
  /** `urn:li:image:<id>`, what a post's content.media.id names. */
  urn: string;
  id: string;
  /** The `urn:li:person:…` that initialised the upload. */
  owner: string;
  uploadUrl: string;
  uploadUrlExpiresAt: number;
  /** Set by the PUT of the bytes; a post may only use the image once it is. The bytes are not kept. */
  upload?: { byteLength: number; contentType: string | null; sha256: string };
}

export interface LinkedInDocument {
  /** `urn:li:document:<id>`, what a document post's content.media.id names. */
  urn: string;
  id: string;
  /** The `urn:li:person:…` that initialised the upload. */
  owner: string;
  uploadUrl: string;
  uploadUrlExpiresAt: number;
  /**
   * Set by the PUT of the bytes; a post may only use the document once it is. The bytes are kept
   * (read them with `documentBytes`), so a test can open the PDF LinkedIn received.
   */
  upload?: { byteLength: number; contentType: string | null; sha256: string };
}

export interface LinkedInPost {
  /** `urn:li:share:<19 digits>`, also sent back in `x-restli-id`. */
  urn: string;
  /** `urn:li:activity:<19 digits>`: the feed update the post is, which its comments' URNs name. */
  activityUrn: string;
  author: string;
  /** The commentary exactly as sent (little text, escapes included). */
  commentary: string;
  /** What LinkedIn shows: escapes resolved, cut at the first stray reserved character (linkedin-little-text.ts). */
  shownText: string;
  visibility: string;
  lifecycleState: string;
  /** An image (`urn:li:image:…`, with its alt text) or a document (`urn:li:document:…`, with its title). */
  media?: { id: string; altText?: string; title?: string };
  /** The `Linkedin-Version` header the post was created with. */
  linkedinVersion: string;
  /** The request body as received. */
  body: JsonObject;
  createdAt: string;
  /** Comments under the post, oldest first (a live array). */
  comments: LinkedInComment[];
  /** What memberCreatorPostAnalytics answers for it, by queryType (IMPRESSION, …; tests set it); else 0. */
  analytics?: Partial<Record<string, number>>;
}

export interface LinkedInComment {
  /** `urn:li:comment:(urn:li:activity:<id>,<comment id>)`, LinkedIn's `$URN` / `commentUrn`. */
  urn: string;
  /** The comment id (also `x-restli-id`). */
  id: string;
  /** The post's URN as the request named it (path and `object`). */
  postUrn: string;
  /** `urn:li:person:…` of the token's member. */
  actor: string;
  /** `message.text` exactly as sent (little text, escapes included). */
  text: string;
  /** What a reader sees (linkedin-little-text.ts). */
  shownText: string;
  /** The `Linkedin-Version` header the comment was created with. */
  linkedinVersion: string;
  body: JsonObject;
  createdAt: string;
}

/** The part of the state tests use. Arrays are live; `reset()` empties them in place. */
export interface LinkedInFake {
  readonly posts: LinkedInPost[];
  readonly images: LinkedInImage[];
  /** Documents (carousel PDFs) whose upload was initialised, oldest first. */
  readonly documents: LinkedInDocument[];
  /** The bytes uploaded for a document (by URN), or undefined before its upload. */
  documentBytes(urn: string): Uint8Array | undefined;
  readonly tokens: LinkedInToken[];
  /** Mints a token as the OAuth flow would (current scenario's member and lifetime), for tests that start connected. */
  issueToken(options?: {
    member?: Partial<LinkedInMember>;
    scope?: string[];
    clientId?: string;
    expiresIn?: number;
  }): LinkedInToken;
  /** Forgets codes, tokens, images, documents and posts (not the scenario). */
  reset(): void;
}

export interface LinkedInState extends LinkedInFake {
  readonly codes: Map<string, LinkedInCode>;
  /** The token, if it exists and is still valid under the scenario. */
  validToken(accessToken: string | undefined): LinkedInToken | undefined;
  /** Whether this post creation is one of the scenario's `failPosts` (and counts it). */
  takePostFailure(): boolean;
  /** Whether this comment creation is one of the scenario's `failComments` (and counts it). */
  takeCommentFailure(): boolean;
  /** Whether this upload initialisation is one of the scenario's `failImages` (and counts it). */
  takeImageFailure(): boolean;
  /** Whether this document upload initialisation is one of the scenario's `failDocuments` (and counts it). */
  takeDocumentFailure(): boolean;
  /** Keeps the bytes of a document's upload. */
  keepDocumentBytes(urn: string, bytes: Buffer): void;
  memberOf(override?: Partial<LinkedInMember>): LinkedInMember;
}

export const DEFAULT_LINKEDIN_SCOPE: readonly string[] = ['openid', 'profile', 'w_member_social'];

const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  return Array.from({ length }, () => alphanumerics[randomInt(alphanumerics.length)]).join('');
}

/** A share id as LinkedIn writes them: 19 digits, starting with 7 like current activity ids. */
export function randomShareId(): string {
  return `7${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;
}

/** Opaque secrets in LinkedIn's style: they start with AQ and are long base64url strings. */
export function randomSecret(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function createLinkedInState(scenario: () => LinkedInScenario): LinkedInState {
  const posts: LinkedInPost[] = [];
  const images: LinkedInImage[] = [];
  const documents: LinkedInDocument[] = [];
  const documentUploads = new Map<string, Uint8Array>();
  const tokens: LinkedInToken[] = [];
  const codes = new Map<string, LinkedInCode>();
  // Counted per scenario object, so setting a scenario (or reset) starts the count again.
  type FailureKnob = 'failPosts' | 'failComments' | 'failImages' | 'failDocuments';
  const failures = new Map<FailureKnob, { for: LinkedInScenario; left: number }>();
  const takeFailure = (knob: FailureKnob): boolean => {
    const current = scenario();
    const times = current[knob]?.times;
    if (times === undefined) return false;
    let count = failures.get(knob);
    if (count?.for !== current) {
      count = { for: current, left: times };
      failures.set(knob, count);
    }
    if (count.left <= 0) return false;
    count.left -= 1;
    return true;
  };

  const memberOf = (override?: Partial<LinkedInMember>): LinkedInMember => ({
    ...DEFAULT_LINKEDIN_MEMBER,
    ...scenario().member,
    ...override,
  });

  return {
    posts,
    images,
    documents,
    documentBytes: (urn) => documentUploads.get(urn),
    keepDocumentBytes: (urn, bytes) => documentUploads.set(urn, new Uint8Array(bytes)),
    tokens,
    codes,
    memberOf,
    issueToken(options = {}) {
      const issuedAt = Date.now();
      const expiresIn = options.expiresIn ?? scenario().tokenExpiresIn ?? LINKEDIN_TOKEN_EXPIRES_IN;
      const token: LinkedInToken = {
        accessToken: randomSecret('AQV', 96),
        member: memberOf(options.member),
        clientId: options.clientId ?? 'fake-linkedin-client',
        scope: [...(options.scope ?? DEFAULT_LINKEDIN_SCOPE)],
        issuedAt,
        expiresAt: issuedAt + expiresIn * 1000,
      };
      tokens.push(token);
      return token;
    },
    validToken(accessToken) {
      if (accessToken === undefined || scenario().expireTokens) return undefined;
      const token = tokens.find((candidate) => candidate.accessToken === accessToken);
      return token && token.expiresAt > Date.now() ? token : undefined;
    },
    takePostFailure: () => takeFailure('failPosts'),
    takeCommentFailure: () => takeFailure('failComments'),
    takeImageFailure: () => takeFailure('failImages'),
    takeDocumentFailure: () => takeFailure('failDocuments'),
    reset() {
      posts.length = 0;
      images.length = 0;
      documents.length = 0;
      documentUploads.clear();
      tokens.length = 0;
      codes.clear();
      failures.clear();
    },
  };
}
