import { shouldRetryHeader } from '../../shared/ai-retry-policy.ts';

/**
 * Errors from our own checks, in the OpenAI-style shape that groq-sdk parses
 * (`{"error":{"message","type","code"}}`), so the browser can show `message` as it is.
 */
export type ApiErrorType =
  | 'authentication_error'
  | 'invalid_request_error'
  | 'rate_limit'
  | 'service_unavailable'
  | 'api_error'
  | 'not_found';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly type: ApiErrorType,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toResponse(): Response {
    return errorResponse(
      this.status,
      { message: this.message, type: this.type, code: this.code },
      this.headers,
    );
  }
}

/**
 * Every error answer of /api says whether the browser may try it again (`x-should-retry`,
 * shared/ai-retry-policy.ts): `false` unless the caller says otherwise. Our own refusals (quota,
 * session, validation, not configured) are final; only a provider's transient failure is marked
 * `true` (provider-error-response.ts, fetch-provider.ts).
 */
export function errorResponse(
  status: number,
  error: { message: string; type: string; code: string },
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      [shouldRetryHeader]: 'false',
      ...headers,
    },
  });
}
