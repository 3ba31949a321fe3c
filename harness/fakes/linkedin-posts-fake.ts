/**
 * LinkedIn's Posts API, create only (docs/wire-formats.md §7.6): POST /rest/posts with a JSON post;
 * 201 with the share URN in `x-restli-id`. Validates the body as Rest.li does (422, one line per
 * problem) and records what the post shows (linkedin-little-text.ts).
 */
import { isObject, sendEmpty, sendJson, sendScenarioError, type JsonObject } from './http-utils.ts';
import {
  accessDeniedBody,
  authenticate,
  checkRestHeaders,
  INVALID_TOKEN_BODY,
  personUrn,
  resourceName,
  validationBody,
  type LinkedInContext,
} from './linkedin-common.ts';
import { shownText } from './linkedin-little-text.ts';
import { randomShareId, type LinkedInPost, type LinkedInState } from './linkedin-state.ts';

export const MAX_COMMENTARY_LENGTH = 3000;

const REQUIRED = 'field is required but not found and has no default value';
const REQUIRED_FIELDS = ['author', 'commentary', 'visibility', 'distribution', 'lifecycleState'];
/** The fields a create may carry; anything else is refused rather than ignored. */
const KNOWN_FIELDS = new Set([
  ...REQUIRED_FIELDS,
  'isReshareDisabledByAuthor',
  'content',
  'contentLandingPage',
  'contentCallToActionLabel',
  'container',
  'reshareContext',
  'adContext',
]);
const ENUMS: Record<string, readonly string[]> = {
  visibility: ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'],
  lifecycleState: ['PUBLISHED', 'DRAFT', 'PUBLISH_REQUESTED', 'PUBLISH_FAILED'],
  'distribution/feedDistribution': ['MAIN_FEED', 'NONE'],
};

/** LinkedIn's error JSON for a scenario status: what a throttled or failing LinkedIn answers. */
export function linkedinErrorBody(status: number, resource = 'partnerApiPostsExternal.CREATE') {
  if (status === 401) return INVALID_TOKEN_BODY;
  if (status === 403) return accessDeniedBody(resource);
  if (status === 429) {
    return {
      message: 'Resource level throttle MEMBER DAY limit for calls to this resource is reached.',
      status,
    };
  }
  if (status >= 500) {
    const messages: Record<number, string> = {
      502: 'Bad Gateway',
      503: 'Service Unavailable',
      504: 'Gateway Timeout',
    };
    return { status, message: messages[status] ?? 'Internal Server Error' };
  }
  return { status, message: 'Bad Request' };
}

function typeProblems(
  value: unknown,
  path: string,
  type: 'string' | 'boolean' | 'record' | 'array',
): string[] {
  if (value === undefined) return [];
  const ok =
    type === 'record' ? isObject(value) : type === 'array' ? Array.isArray(value) : typeof value === type;
  return ok ? [] : [`${path} :: ${JSON.stringify(value)} cannot be coerced to ${type}`];
}

function enumProblems(value: unknown, path: string): string[] {
  const symbols = ENUMS[path.slice(1)] ?? [];
  if (value === undefined || (typeof value === 'string' && symbols.includes(value))) return [];
  return [`${path} :: ${JSON.stringify(value)} is not an enum symbol`];
}

/** Every problem with the post, in LinkedIn's `/path :: reason` form; empty when it is valid. */
export function postProblems(body: JsonObject): string[] {
  const problems: string[] = [];
  for (const field of REQUIRED_FIELDS) {
    if (body[field] === undefined) problems.push(`/${field} :: ${REQUIRED}`);
  }
  for (const field of Object.keys(body)) {
    if (!KNOWN_FIELDS.has(field)) problems.push(`/${field} :: unrecognized field found but not allowed`);
  }
  problems.push(
    ...typeProblems(body.author, '/author', 'string'),
    ...typeProblems(body.commentary, '/commentary', 'string'),
    ...typeProblems(body.isReshareDisabledByAuthor, '/isReshareDisabledByAuthor', 'boolean'),
    ...enumProblems(body.visibility, '/visibility'),
    ...enumProblems(body.lifecycleState, '/lifecycleState'),
    ...typeProblems(body.distribution, '/distribution', 'record'),
    ...typeProblems(body.content, '/content', 'record'),
  );
  if (isObject(body.distribution)) {
    const { feedDistribution, targetEntities, thirdPartyDistributionChannels } = body.distribution;
    if (feedDistribution === undefined) problems.push(`/distribution/feedDistribution :: ${REQUIRED}`);
    problems.push(
      ...enumProblems(feedDistribution, '/distribution/feedDistribution'),
      ...typeProblems(targetEntities, '/distribution/targetEntities', 'array'),
      ...typeProblems(
        thirdPartyDistributionChannels,
        '/distribution/thirdPartyDistributionChannels',
        'array',
      ),
    );
  }
  if (isObject(body.content) && body.content.media !== undefined) {
    const { media } = body.content;
    if (!isObject(media)) problems.push(...typeProblems(media, '/content/media', 'record'));
    else if (media.id === undefined) problems.push(`/content/media/id :: ${REQUIRED}`);
    else problems.push(...typeProblems(media.id, '/content/media/id', 'string'));
    if (isObject(media)) {
      problems.push(
        ...typeProblems(media.altText, '/content/media/altText', 'string'),
        ...typeProblems(media.title, '/content/media/title', 'string'),
      );
      // A document is shown under its title.
      if (
        typeof media.id === 'string' &&
        media.id.startsWith('urn:li:document:') &&
        media.title === undefined
      )
        problems.push(`/content/media/title :: ${REQUIRED}`);
    }
  }
  if (typeof body.commentary === 'string' && body.commentary.length > MAX_COMMENTARY_LENGTH) {
    problems.push(
      `/commentary :: length ${body.commentary.length} exceeds the maximum of ${MAX_COMMENTARY_LENGTH} characters`,
    );
  }
  return problems;
}

function mediaOf(body: JsonObject): LinkedInPost['media'] {
  const media = isObject(body.content) && isObject(body.content.media) ? body.content.media : undefined;
  if (!media || typeof media.id !== 'string') return undefined;
  return {
    id: media.id,
    ...(typeof media.altText === 'string' ? { altText: media.altText } : {}),
    ...(typeof media.title === 'string' ? { title: media.title } : {}),
  };
}

/** Only an image or a document this author initialised and finished uploading can be attached. */
function usableMedia(state: LinkedInState, id: string, author: string): boolean {
  return [...state.images, ...state.documents].some(
    (media) => media.urn === id && media.owner === author && media.upload !== undefined,
  );
}

export function handleCreatePost(context: LinkedInContext): void {
  const token = authenticate(context);
  if (!token) return;
  const version = checkRestHeaders(context);
  if (!version) return;
  const { res, body, bodyInvalid, scenario, state } = context;
  if (bodyInvalid || !isObject(body)) {
    return sendJson(res, 400, { status: 400, message: 'The request body is not a JSON object.' });
  }
  const problems = postProblems(body);
  if (problems.length > 0) return sendJson(res, 422, validationBody(problems));
  const author = body.author as string;
  if (author !== personUrn(token) || !token.scope.includes('w_member_social')) {
    return sendJson(res, 403, accessDeniedBody(resourceName('partnerApiPostsExternal.CREATE', version)));
  }
  const media = mediaOf(body);
  if (media && !usableMedia(state, media.id, author)) {
    return sendJson(res, 400, {
      status: 400,
      message: `/content/media/id :: ${media.id} is not an image or document this member uploaded, or its upload has not finished`,
    });
  }
  // Failures come after validation, so a retry test only fails posts LinkedIn would otherwise accept.
  if (scenario.error) return sendScenarioError(res, scenario.error, linkedinErrorBody(scenario.error.status));
  if (state.takePostFailure() && scenario.failPosts) {
    const { status, created } = scenario.failPosts;
    if (created) state.posts.push(newPost(body, author, media, version));
    return sendScenarioError(res, { status }, linkedinErrorBody(status));
  }

  const post = newPost(body, author, media, version);
  state.posts.push(post);
  sendEmpty(res, 201, { 'x-restli-id': post.urn, 'x-linkedin-id': post.urn });
}

/** The post LinkedIn keeps for a valid create. */
function newPost(
  body: JsonObject,
  author: string,
  media: LinkedInPost['media'],
  version: string,
): LinkedInPost {
  const commentary = body.commentary as string;
  return {
    urn: `urn:li:share:${randomShareId()}`,
    activityUrn: `urn:li:activity:${randomShareId()}`,
    author,
    commentary,
    shownText: shownText(commentary),
    visibility: body.visibility as string,
    lifecycleState: body.lifecycleState as string,
    ...(media ? { media } : {}),
    linkedinVersion: version,
    body,
    createdAt: new Date().toISOString(),
    comments: [],
  };
}
