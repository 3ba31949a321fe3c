import { providerErrorResponse, type ProviderErrorOptions } from './provider-error-response.ts';

// Provider headers worth passing back; content-encoding and length are not (fetch has decoded the body).
const passedHeaders = ['content-type', 'retry-after', 'x-request-id'];

/**
 * A provider's successful JSON answer as it came (status, body bytes and the headers the browser
 * needs); a non-OK answer becomes our sanitised error instead, since its body may echo the key.
 */
export async function passThrough(upstream: Response, errors: ProviderErrorOptions): Promise<Response> {
  if (!upstream.ok) return providerErrorResponse(upstream, errors);
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: passedHeadersOf(upstream),
  });
}

export function passedHeadersOf(upstream: Response): Headers {
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const name of passedHeaders) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}
