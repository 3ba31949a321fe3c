// Provider headers worth passing back; content-encoding and length are not (fetch has decoded the body).
const passedHeaders = ['content-type', 'retry-after', 'x-request-id'];

/** A provider's JSON answer as it came: status, body bytes and the headers the browser needs. */
export function passThrough(upstream: Response): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const name of passedHeaders) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers });
}
