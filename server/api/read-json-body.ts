import type { z } from 'zod';
import { jsonNestingExceeds } from '../cross-runtime/json-nesting.ts';
import { ApiError } from './api-error.ts';

/** Far deeper than any real request (a research JSON schema nests a few levels). */
const maxJsonDepth = 64;

/**
 * Reads a JSON body of at most `maxBytes` (413 above it, checked on Content-Length and again while
 * reading, for chunked uploads), then validates it with the route's schema (400). Unknown fields
 * are dropped by the schema, so only what it names reaches a provider.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  maxBytes: number,
): Promise<z.output<Schema>> {
  const text = await readCappedText(request, maxBytes);
  if (jsonNestingExceeds(text, maxJsonDepth)) {
    throw new ApiError(
      400,
      `The request body nests more than ${maxJsonDepth} levels deep.`,
      'invalid_request_error',
      'invalid_json',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body must be JSON.', 'invalid_request_error', 'invalid_json');
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const details = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
      .join('; ');
    throw new ApiError(400, `Invalid request: ${details}`, 'invalid_request_error', 'invalid_request');
  }
  return result.data;
}

async function readCappedText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  // A declared length within the limit bounds the body (HTTP framing ends it there): read at once,
  // which under Node skips building a web stream over the socket (docs/decisions/027).
  if (Number.isInteger(declared) && declared >= 0) return request.text();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function tooLarge(maxBytes: number): ApiError {
  // The rest of the upload is not read, so the connection cannot carry another request: close it.
  return new ApiError(
    413,
    `The request body is too large (at most ${Math.round(maxBytes / 1024)} KB).`,
    'invalid_request_error',
    'body_too_large',
    {
      connection: 'close',
    },
  );
}
