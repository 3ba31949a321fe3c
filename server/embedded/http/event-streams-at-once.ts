/**
 * An event stream's headers and first bytes go out as soon as they exist (docs/decisions/027).
 * @hono/node-server reads the first chunks of a body without a length before it writes the head,
 * to give a short body a Content-Length, and waits a timer turn (a millisecond or more) when the
 * second chunk is not there yet: on a streamed answer, that wait lands between the provider's
 * first token and the browser. A body marked `Transfer-Encoding: chunked` is written as it comes,
 * which is what Node does with such a body anyway. HTTP/1.1 requests only (HTTP/1.0 has no
 * chunked encoding); a Response whose headers cannot change is left as it is.
 */
export function eventStreamsAtOnce<Env extends { incoming: { httpVersion: string } }>(
  fetchCallback: (request: Request, env: Env) => Response | Promise<Response>,
): (request: Request, env: Env) => Response | Promise<Response> {
  const mark = (response: Response, env: Env): Response => {
    if (
      response.body !== null &&
      env.incoming.httpVersion === '1.1' &&
      response.headers.get('content-type')?.startsWith('text/event-stream') === true &&
      !response.headers.has('content-length')
    ) {
      try {
        response.headers.set('transfer-encoding', 'chunked');
      } catch {
        // Immutable headers (a fetch answer passed through): the adapter's own way, then.
      }
    }
    return response;
  };
  return (request, env) => {
    const response = fetchCallback(request, env);
    return response instanceof Promise ? response.then((each) => mark(each, env)) : mark(response, env);
  };
}
