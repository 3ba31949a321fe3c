/** The /api functions as an absolute URL (groq-sdk needs one; /api alone is relative to the page). */
export function absoluteApiBase(apiBaseUrl: string): string {
  return new URL(apiBaseUrl.replace(/\/$/, ''), globalThis.location?.origin ?? 'http://localhost')
    .toString()
    .replace(/\/$/, '');
}

/** Reads our /api's error body (`{"error":{"message","code"}}` or `{"error":"…"}`), if any. */
export async function apiErrorBody(
  response: Response,
): Promise<{ message: string | null; code: string | null }> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown; code?: unknown } | string };
    if (typeof body.error === 'string') return { message: body.error, code: null };
    return {
      message: typeof body.error?.message === 'string' ? body.error.message : null,
      code: typeof body.error?.code === 'string' ? body.error.code : null,
    };
  } catch {
    return { message: null, code: null };
  }
}
