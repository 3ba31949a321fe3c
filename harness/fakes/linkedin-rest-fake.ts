/**
 * LinkedIn's Images and Documents APIs (docs/wire-formats.md §7.6): POST /rest/images (or
 * /rest/documents)?action=initializeUpload hands out an upload URL and an image (or document) URN;
 * PUT <uploadUrl> with the bytes makes it usable in a post.
 */
import { header, isObject, sendEmpty, sendJson, sendScenarioError } from './http-utils.ts';
import {
  accessDeniedBody,
  authenticate,
  checkRestHeaders,
  personUrn,
  resourceName,
  validationBody,
  type LinkedInContext,
} from './linkedin-common.ts';
import { linkedinErrorBody } from './linkedin-posts-fake.ts';
import { randomAlphanumeric, sha256, type LinkedInDocument, type LinkedInImage } from './linkedin-state.ts';

export const UPLOAD_PATH_PREFIX = '/dms-uploads/';

/** The largest document LinkedIn takes (it also takes at most 300 pages, which the fake does not count). */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;

/** Upload URLs are good for an hour. */
const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;

const REQUIRED = 'field is required but not found and has no default value';

/**
 * Checks an initializeUpload request (token, headers, action, body, owner) for `resource`; the
 * owner URN, or undefined after answering the error.
 */
function uploadOwner(context: LinkedInContext, resource: 'images' | 'documents'): string | undefined {
  const token = authenticate(context);
  if (!token) return undefined;
  const version = checkRestHeaders(context);
  if (!version) return undefined;
  const { res, query, body, bodyInvalid } = context;
  if (query.get('action') !== 'initializeUpload') {
    sendJson(res, 400, {
      status: 400,
      message: `Unsupported action "${query.get('action') ?? ''}"; the ${resource} resource takes action=initializeUpload.`,
    });
    return undefined;
  }
  if (bodyInvalid || !isObject(body)) {
    sendJson(res, 400, { status: 400, message: 'The request body is not a JSON object.' });
    return undefined;
  }
  const request = body.initializeUploadRequest;
  if (!isObject(request)) {
    sendJson(res, 422, validationBody([`/initializeUploadRequest :: ${REQUIRED}`]));
    return undefined;
  }
  if (typeof request.owner !== 'string') {
    sendJson(res, 422, validationBody([`/initializeUploadRequest/owner :: ${REQUIRED}`]));
    return undefined;
  }
  // A member token may upload only for that member (an organization owner needs other permissions).
  if (request.owner !== personUrn(token) || !token.scope.includes('w_member_social')) {
    const name = resource === 'images' ? 'partnerApiImages.ACTION' : 'partnerApiDocuments.ACTION';
    sendJson(res, 403, accessDeniedBody(resourceName(name, version)));
    return undefined;
  }
  return request.owner;
}

export function handleInitializeUpload(context: LinkedInContext): void {
  const owner = uploadOwner(context, 'images');
  if (!owner) return;
  const { res, state, baseUrl } = context;
  // Failures come after validation, as for posts: only an upload LinkedIn would otherwise start fails.
  if (state.takeImageFailure() && context.scenario.failImages) {
    const { status } = context.scenario.failImages;
    return sendScenarioError(res, { status }, linkedinErrorBody(status, 'partnerApiImages.ACTION'));
  }
  const id = `D4E10AQ${randomAlphanumeric(12)}`;
  const image: LinkedInImage = {
    urn: `urn:li:image:${id}`,
    id,
    owner,
    uploadUrl: `${baseUrl}${UPLOAD_PATH_PREFIX}${id}`,
    uploadUrlExpiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS,
  };
  state.images.push(image);
  sendJson(res, 200, {
    value: { uploadUrlExpiresAt: image.uploadUrlExpiresAt, uploadUrl: image.uploadUrl, image: image.urn },
  });
}

/**
 * POST /rest/documents?action=initializeUpload (Documents API): the same request as for an image;
 * the answer names the document (`value.document`, `urn:li:document:…`) instead.
 */
export function handleInitializeDocumentUpload(context: LinkedInContext): void {
  const owner = uploadOwner(context, 'documents');
  if (!owner) return;
  const { res, state, baseUrl } = context;
  if (state.takeDocumentFailure() && context.scenario.failDocuments) {
    const { status } = context.scenario.failDocuments;
    return sendScenarioError(res, { status }, linkedinErrorBody(status, 'partnerApiDocuments.ACTION'));
  }
  const id = `D4D10AQ${randomAlphanumeric(12)}`;
  const document: LinkedInDocument = {
    urn: `urn:li:document:${id}`,
    id,
    owner,
    uploadUrl: `${baseUrl}${UPLOAD_PATH_PREFIX}${id}`,
    uploadUrlExpiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS,
  };
  state.documents.push(document);
  sendJson(res, 200, {
    value: {
      uploadUrlExpiresAt: document.uploadUrlExpiresAt,
      uploadUrl: document.uploadUrl,
      document: document.urn,
    },
  });
}

/**
 * PUT /dms-uploads/<id>: the raw bytes of an image or a document, with the same Bearer token (held
 * for `uploadLatencyMs`). A document must be a PDF of at most 100 MB; its bytes are kept.
 */
export async function handleUpload(context: LinkedInContext): Promise<void> {
  const hold = context.scenario.uploadLatencyMs ?? 0;
  if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
  const token = authenticate(context);
  if (!token) return;
  const { req, res, path, rawBody, state } = context;
  const id = decodeURIComponent(path.slice(UPLOAD_PATH_PREFIX.length));
  const target =
    state.images.find((candidate) => candidate.id === id) ??
    state.documents.find((candidate) => candidate.id === id);
  if (!target || target.uploadUrlExpiresAt < Date.now()) {
    return sendJson(res, 404, { status: 404, message: `No upload is waiting at ${path}` });
  }
  if (target.owner !== personUrn(token)) {
    return sendJson(res, 403, accessDeniedBody(`dms-uploads.PUT.${id}`));
  }
  if (rawBody.length === 0) {
    return sendJson(res, 400, { status: 400, message: 'The upload has no bytes.' });
  }
  const isDocument = target.urn.startsWith('urn:li:document:');
  if (isDocument && rawBody.length > MAX_DOCUMENT_BYTES) {
    return sendJson(res, 400, { status: 400, message: 'The document is larger than 100 MB.' });
  }
  if (isDocument && !rawBody.subarray(0, 1024).toString('latin1').includes('%PDF-')) {
    return sendJson(res, 400, {
      status: 400,
      message: 'The document is not a supported file type (PPT, PPTX, DOC, DOCX or PDF).',
    });
  }
  target.upload = {
    byteLength: rawBody.length,
    contentType: header(req, 'content-type') ?? null,
    sha256: sha256(rawBody),
  };
  if (isDocument) state.keepDocumentBytes(target.urn, rawBody);
  sendEmpty(res, 201);
}
