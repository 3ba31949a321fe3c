/** The API version GoTrue announces; supabase-js reads error `code`s only when this header is present. */
export const gotrueApiVersion = '2024-01-01';

/** An error in GoTrue's JSON shape: a string `code` (read by supabase-js with the API-version header), plus the legacy `error_code` and `msg`. */
export class GoTrueError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GoTrueError';
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

/**
 * GoTrue's answer when a per-IP limiter refuses (performRateLimiting in its middleware.go).
 * Retry-After is our addition: GoTrue leaves it to the API gateway in front of it.
 */
export function rateLimitError(retryAfterMs: number): GoTrueError {
  return new GoTrueError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    },
  );
}

export function gotrueErrorResponse(error: GoTrueError): Response {
  return new Response(
    JSON.stringify({
      code: error.code,
      error_code: error.code,
      msg: error.message,
      message: error.message,
      ...error.extra,
    }),
    {
      status: error.status,
      headers: {
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': gotrueApiVersion,
        ...error.headers,
      },
    },
  );
}
