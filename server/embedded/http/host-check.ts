import { isIPv4, isIPv6 } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/**
 * DNS rebinding: a page on `evil.example` re-points that name at 127.0.0.1 and then reads this
 * server "same-origin" (its /app-config.json, its API). The browser still sends `Host: evil.example`,
 * so answering only the names this server is meant to be reached by defeats it (Vite's
 * `server.allowedHosts` does the same).
 *
 * Always allowed: `localhost` and `*.localhost` (browsers resolve them to loopback themselves), and IP
 * addresses (a rebinding attack needs a name; an address is what HOST=0.0.0.0 users type). Ports are
 * not compared: the attacker controls the name, not the port, and `PORT=0` servers pick theirs late.
 * `allowedHosts` adds names: `posts.example.com` exactly, `.example.com` for it and every subdomain.
 */
export function isAllowedHost(hostname: string, allowedHosts: readonly string[] = []): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIPv4(name) || (name.startsWith('[') && name.endsWith(']') && isIPv6(name.slice(1, -1)))) return true;
  return allowedHosts.some((entry) => {
    const allowed = entry.trim().toLowerCase().replace(/\.$/, '');
    if (allowed === '') return false;
    if (!allowed.startsWith('.')) return name === allowed;
    return name === allowed.slice(1) || name.endsWith(allowed);
  });
}

/** Answers 403 to a request addressed to any other name, before anything else sees it. */
export function hostCheck(allowedHosts: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    // @hono/node-server builds the URL from the Host header (or an absolute request target).
    const { hostname } = new URL(c.req.url);
    if (isAllowedHost(hostname, allowedHosts)) return next();
    const message = `${hostname} is not an allowed host name for this server. If you reach it by this name on purpose, add the name to ALLOWED_HOSTS.`;
    return c.json({ code: 'host_not_allowed', message }, 403);
  };
}
