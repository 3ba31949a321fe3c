import { jsonNestingExceeds } from '../../cross-runtime/json-nesting.ts';
import type { Context } from 'hono';
import { GoTrueError } from './gotrue-error.ts';

/** GoTrue reads at most 1 MB of a request body (limitRequestBody in its api.go). */
export const maxBodyBytes = 1024 * 1024;

/**
 * Deeper JSON is refused before parsing. Go's decoder (GoTrue) stops at 10,000 levels; here the
 * metadata is later serialised recursively (SQL parameters, JWT claims), which overflows the
 * stack at a few thousand, so the cap is far lower. Real user metadata is a few levels deep.
 */
export const maxJsonDepth = 100;

export type JsonBody = Record<string, unknown>;

const badJson = (reason: string) =>
  new GoTrueError(400, 'bad_json', `Could not parse request body as JSON: ${reason}`);

/** The request's JSON object, or GoTrue's 400 `bad_json` (also for an empty body, as Go's decoder). */
export async function readJsonBody(c: Context): Promise<JsonBody> {
  const text = await c.req.text();
  if (text.trim() === '') throw badJson('unexpected end of JSON input');
  if (jsonNestingExceeds(text, maxJsonDepth)) throw badJson('exceeded max depth');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badJson('invalid JSON');
  }
  if (!isObject(parsed)) throw badJson('the body must be a JSON object');
  return parsed;
}

/** A string field; absent or null reads as '' (as Go leaves a string zero), any other type is `bad_json`. */
export function stringField(body: JsonBody, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badJson(`${name} must be a string`);
  return value;
}

/** An object field such as `data` (user metadata); absent or null reads as undefined. */
export function objectField(body: JsonBody, name: string): JsonBody | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw badJson(`${name} must be an object`);
  return value;
}

export function isObject(value: unknown): value is JsonBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
