/**
 * Whether a request whose fetch threw could have reached LinkedIn. Only a failure to connect at
 * all (refused, no such host, no route, the TCP or TLS connection never set up) proves nothing was
 * sent; anything else (a timeout, a reset, a closed socket) may have come after LinkedIn got the
 * whole request, so it counts as sent. Unknown errors count as sent: guessing "not sent" wrongly
 * posts twice, guessing "sent" wrongly only asks the author to check (docs/decisions/018).
 */
export function failedBeforeSending(error: unknown): boolean {
  return causesOf(error).some(
    (cause) => connectCodes.has(codeOf(cause)) || denoConnectFailure.test(messageOf(cause)),
  );
}

/** Node (undici) error codes of a connection that was never made, so no byte of the request left. */
const connectCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Deno (hyper) says "client error (Connect)" when it could not connect (TCP, DNS or TLS). */
const denoConnectFailure = /client error \(Connect\)/;

/** The error and what it wraps: undici throws TypeError('fetch failed') with the socket's error as `cause`. */
function causesOf(error: unknown): unknown[] {
  const found: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && found.length < 5) {
    found.push(current);
    if (current instanceof AggregateError) found.push(...(current.errors as unknown[]));
    current = current instanceof Error ? current.cause : undefined;
  }
  return found;
}

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : '';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : '');
