/**
 * LinkedIn's Images API (docs/wire-formats.md §7.6): POST /rest/images?action=initializeUpload hands
 * out an upload URL and an image URN; PUT <uploadUrl> with the bytes makes the image usable in a post.
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
import { randomAlphanumeric, sha256, type LinkedInImage } from './linkedin-state.ts';

export const UPLOAD_PATH_PREFIX = '/dms-uploads/';

/** Upload URLs are good for an hour. */
const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;

const REQUIRED = 'field is required but not found and has no default value';

export function handleInitializeUpload(context: LinkedInContext): void {
  const token = authenticate(context);
  if (!token) return;
  const version = checkRestHeaders(context);
  if (!version) return;
  const { res, query, body, bodyInvalid, state, baseUrl } = context;
  if (query.get('action') !== 'initializeUpload') {
    return sendJson(res, 400, {
      status: 400,
      message: `Unsupported action "${query.get('action') ?? ''}"; the images resource takes action=initializeUpload.`,
    });
  }
  if (bodyInvalid || !isObject(body)) {
    return sendJson(res, 400, { status: 400, message: 'The request body is not a JSON object.' });
  }
  const request = body.initializeUploadRequest;
  if (!isObject(request))
    return sendJson(res, 422, validationBody([`/initializeUploadRequest :: ${REQUIRED}`]));
  if (typeof request.owner !== 'string') {
    return sendJson(res, 422, validationBody([`/initializeUploadRequest/owner :: ${REQUIRED}`]));
  }
  // A member token may upload only for that member (an organization owner needs other permissions).
  if (request.owner !== personUrn(token) || !token.scope.includes('w_member_social')) {
    return sendJson(res, 403, accessDeniedBody(resourceName('partnerApiImages.ACTION', version)));
  }
  // Failures come after validation, as for posts: only an upload LinkedIn would otherwise start fails.
  if (context.state.takeImageFailure() && context.scenario.failImages) {
    const { status } = context.scenario.failImages;
    return sendScenarioError(res, { status }, linkedinErrorBody(status, 'partnerApiImages.ACTION'));
  }
  const id = `D4E10AQ${randomAlphanumeric(12)}`;
  const image: LinkedInImage = {
    urn: `urn:li:image:${id}`,
    id,
    owner: request.owner,
    uploadUrl: `${baseUrl}${UPLOAD_PATH_PREFIX}${id}`,
    uploadUrlExpiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS,
  };
  state.images.push(image);
  sendJson(res, 200, {
    value: { uploadUrlExpiresAt: image.uploadUrlExpiresAt, uploadUrl: image.uploadUrl, image: image.urn },
  });
}

/** PUT /dms-uploads/<id>: the raw bytes, with the same Bearer token (held for `uploadLatencyMs`). */
export async function handleUpload(context: LinkedInContext): Promise<void> {
  const hold = context.scenario.uploadLatencyMs ?? 0;
  if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
  const token = authenticate(context);
  if (!token) return;
  const { req, res, path, rawBody, state } = context;
  const id = decodeURIComponent(path.slice(UPLOAD_PATH_PREFIX.length));
  const image = state.images.find((candidate) => candidate.id === id);
  if (!image || image.uploadUrlExpiresAt < Date.now()) {
    return sendJson(res, 404, { status: 404, message: `No upload is waiting at ${path}` });
  }
  if (image.owner !== personUrn(token)) {
    return sendJson(res, 403, accessDeniedBody(`dms-uploads.PUT.${id}`));
  }
  if (rawBody.length === 0) {
    return sendJson(res, 400, { status: 400, message: 'The upload has no bytes.' });
  }
  image.upload = {
    byteLength: rawBody.length,
    contentType: header(req, 'content-type') ?? null,
    sha256: sha256(rawBody),
  };
  sendEmpty(res, 201);
}
