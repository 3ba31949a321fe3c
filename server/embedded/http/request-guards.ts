import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { setResponseHeaders } from './security-headers.ts';

export const malformedUriMessage =
  'The request URL has a malformed percent-escape (for example %zz): write a literal % as %25.';

export function malformedUriResponse(c: Context): Response {
  return c.json({ code: 'malformed_uri', message: malformedUriMessage }, 400);
}

/**
 * A path such as `/rest/v1/posts%zz` makes decodeURIComponent throw deep inside a route (a 500).
 * Checked once here, so every route can decode its path safely. Query strings are decoded
 * leniently by Hono and URLSearchParams, so they are left to the routes.
 */
export function rejectMalformedPath(): MiddlewareHandler {
  return async (c, next) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return malformedUriResponse(c);
    }
    return next();
  };
}

/** What @hono/node-server passes as the env of each request. */
interface NodeBindings {
  incoming?: IncomingMessage;
}

/**
 * A route that answers before reading the request body (413 on its Content-Length, 401 before the
 * body) leaves the rest of the body in the socket. @hono/node-server then drains it for a moment and
 * destroys the socket: a client that trusted `Connection: keep-alive` would send its next request into
 * a closing connection. Saying `Connection: close` lets it open a fresh one instead.
 */
export function closeAfterUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as NodeBindings | undefined)?.incoming;
    const announcesBody =
      c.req.header('transfer-encoding') !== undefined || Number(c.req.header('content-length') ?? 0) > 0;
    const bodyLeftUnread = announcesBody && incoming !== undefined && !incoming.readableEnded;
    if (c.res.status === 413 || bodyLeftUnread) setResponseHeaders(c, { Connection: 'close' });
  };
}
