/**
 * LinkedIn's Comments API (Community Management, `socialActions/comments`), create only
 * (docs/wire-formats.md §7.6): POST /rest/socialActions/{post URN, URL-encoded}/comments with
 * `{actor, object, message: {text}}` → 201 with the comment as JSON (`$URN`, `commentUrn`, `id`,
 * `object` = the post's activity, `message`, `created`, `lastModified`) and its id in `x-restli-id`.
 * The comment is recorded under its post, so a test reads the post first and then its comment.
 */
import { isObject, sendJson, sendScenarioError, type JsonObject } from './http-utils.ts';
import {
  accessDeniedBody,
  authenticate,
  checkRestHeaders,
  personUrn,
  resourceName,
  validationBody,
  type LinkedInContext,
} from './linkedin-common.ts';
import { shownText } from './linkedin-little-text.ts';
import { linkedinErrorBody } from './linkedin-posts-fake.ts';
import { randomShareId, type LinkedInComment, type LinkedInPost } from './linkedin-state.ts';

export const SOCIAL_ACTIONS_PREFIX = '/rest/socialActions/';
/** The longest comment LinkedIn takes, in characters. */
export const MAX_COMMENT_LENGTH = 1250;

const REQUIRED = 'field is required but not found and has no default value';
const REQUIRED_FIELDS = ['actor', 'object', 'message'];
const KNOWN_FIELDS = new Set([...REQUIRED_FIELDS, 'content', 'parentComment']);
const commentsPath = /^\/rest\/socialActions\/([^/]+)\/comments$/;

/** Every problem with the comment, in LinkedIn's `/path :: reason` form; empty when it is valid. */
export function commentProblems(body: JsonObject): string[] {
  const problems: string[] = [];
  for (const field of REQUIRED_FIELDS) {
    if (body[field] === undefined) problems.push(`/${field} :: ${REQUIRED}`);
  }
  for (const field of Object.keys(body)) {
    if (!KNOWN_FIELDS.has(field)) problems.push(`/${field} :: unrecognized field found but not allowed`);
  }
  for (const field of ['actor', 'object']) {
    const value = body[field];
    if (value !== undefined && typeof value !== 'string') {
      problems.push(`/${field} :: ${JSON.stringify(value)} cannot be coerced to string`);
    }
  }
  const { message } = body;
  if (message !== undefined && !isObject(message)) {
    problems.push(`/message :: ${JSON.stringify(message)} cannot be coerced to record`);
  } else if (isObject(message)) {
    if (message.text === undefined) problems.push(`/message/text :: ${REQUIRED}`);
    else if (typeof message.text !== 'string') {
      problems.push(`/message/text :: ${JSON.stringify(message.text)} cannot be coerced to string`);
    } else if (message.text.length > MAX_COMMENT_LENGTH) {
      problems.push(
        `/message/text :: length ${message.text.length} exceeds the maximum of ${MAX_COMMENT_LENGTH} characters`,
      );
    }
  }
  return problems;
}

/** The post a path names: URL-encoded, as Rest.li 2.0 wants URNs in a path; undefined after answering. */
function targetOf({ path, res }: LinkedInContext): string | undefined {
  const raw = commentsPath.exec(path)?.[1];
  if (raw === undefined) {
    sendJson(res, 404, { status: 404, message: `No LinkedIn resource at ${path}` });
    return undefined;
  }
  let target: string | undefined;
  try {
    target = raw.includes(':') ? undefined : decodeURIComponent(raw);
  } catch {
    target = undefined;
  }
  if (!target?.startsWith('urn:li:')) {
    sendJson(res, 400, {
      status: 400,
      message: `Invalid entity in the path: ${raw}. Send the post's URN URL-encoded (urn%3Ali%3Ashare%3A…).`,
    });
  }
  return target?.startsWith('urn:li:') ? target : undefined;
}

function comment(post: LinkedInPost, body: JsonObject, version: string): LinkedInComment {
  const id = randomShareId();
  const text = (body.message as JsonObject).text as string;
  return {
    urn: `urn:li:comment:(${post.activityUrn},${id})`,
    id,
    postUrn: body.object as string,
    actor: body.actor as string,
    text,
    shownText: shownText(text),
    linkedinVersion: version,
    body,
    createdAt: new Date().toISOString(),
  };
}

/** The created comment as LinkedIn answers it. */
function commentJson(post: LinkedInPost, created: LinkedInComment) {
  const stamp = { actor: created.actor, time: Date.parse(created.createdAt) };
  return {
    actor: created.actor,
    commentUrn: created.urn,
    $URN: created.urn,
    id: created.id,
    object: post.activityUrn,
    message: { text: created.text, attributes: [] },
    created: stamp,
    lastModified: stamp,
  };
}

export function handleCreateComment(context: LinkedInContext): void {
  const token = authenticate(context);
  if (!token) return;
  const version = checkRestHeaders(context);
  if (!version) return;
  const target = targetOf(context);
  if (!target) return;
  const { res, body, bodyInvalid, scenario, state } = context;
  if (bodyInvalid || !isObject(body)) {
    return sendJson(res, 400, { status: 400, message: 'The request body is not a JSON object.' });
  }
  const problems = commentProblems(body);
  if (body.object !== undefined && body.object !== target) {
    problems.push(`/object :: ${JSON.stringify(body.object)} is not the entity of the path (${target})`);
  }
  if (problems.length > 0) return sendJson(res, 422, validationBody(problems));
  if (body.actor !== personUrn(token) || !token.scope.includes('w_member_social')) {
    return sendJson(res, 403, accessDeniedBody(resourceName('partnerApiSocialActions.CREATE', version)));
  }
  const post = state.posts.find((candidate) => candidate.urn === target || candidate.activityUrn === target);
  if (!post) return sendJson(res, 404, { status: 404, message: `Entity ${target} does not exist.` });

  // Failures come after validation, so a test fails only comments LinkedIn would otherwise take.
  if (state.takeCommentFailure() && scenario.failComments) {
    const { status, created } = scenario.failComments;
    if (created) post.comments.push(comment(post, body, version));
    return sendScenarioError(res, { status }, linkedinErrorBody(status, 'partnerApiSocialActions.CREATE'));
  }
  const created = comment(post, body, version);
  post.comments.push(created);
  sendJson(res, 201, commentJson(post, created), { 'x-restli-id': created.id });
}
