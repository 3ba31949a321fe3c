import type { Context } from 'hono';

/** Where the auth server may send a browser after a link: GoTrue's SITE_URL and URI_ALLOW_LIST. */
export interface RedirectPolicy {
  /** The app's URL: always allowed, and where a missing or refused `redirect_to` goes instead. */
  siteUrl: string;
  /** Further allowed URLs; `*` matches within a host label or path segment, `**` across them. */
  allowList: readonly string[];
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0', '[::]', '::']);
const regularHost = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

/** A glob as GoTrue compiles URI_ALLOW_LIST entries (gobwas/glob with `.` and `/` as separators). */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern.charAt(index);
    if (char === '*' && pattern.charAt(index + 1) === '*') {
      source += '.*';
      index += 1;
    } else if (char === '*') {
      source += '[^./]*';
    } else if (char === '?') {
      source += '[^./]';
    } else {
      source += escapeRegExp(char);
    }
  }
  return new RegExp(`^${source}$`);
}

/**
 * GoTrue's IsRedirectURLValid (utilities/request.go): the site itself (same scheme and host, and
 * port unless the host is a loopback name), or an entry of the allow list. Other IP addresses
 * only when loopback, and unusual host names never, whatever the list says. (GoTrue also refuses
 * decimal-number hosts; a WHATWG URL has already turned those into dotted addresses.)
 */
export function isRedirectAllowed(policy: RedirectPolicy, candidate: string): boolean {
  if (candidate === '') return false;
  const site = parse(policy.siteUrl);
  const target = parse(candidate);
  if (!site || !target) return false;
  const hostname = target.hostname;
  if (
    site.hostname === hostname &&
    site.protocol === target.protocol &&
    (site.port === target.port || loopbackNames.has(hostname))
  ) {
    return true;
  }
  const http = target.protocol === 'http:' || target.protocol === 'https:';
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.startsWith('[')) {
    return hostname.startsWith('127.') || hostname === '[::1]';
  }
  if (http && !regularHost.test(hostname)) return false;
  // The fragment is never matched against the list.
  const withoutFragment = candidate.split('#')[0] ?? '';
  return policy.allowList.some((entry) => globToRegExp(entry).test(withoutFragment));
}

/**
 * GoTrue's GetReferrer: `redirect_to` (query or header) when allowed, else the Referer header when
 * allowed, else the site URL.
 */
export function redirectTarget(c: Context, policy: RedirectPolicy): string {
  const requested = c.req.header('redirect_to') || c.req.query('redirect_to') || '';
  if (isRedirectAllowed(policy, requested)) return requested;
  const referer = c.req.header('referer') ?? '';
  if (isRedirectAllowed(policy, referer)) return referer;
  return policy.siteUrl;
}

/** The policy for this request: the configured site URL, or this server's own origin (it serves the app). */
export function redirectPolicy(
  c: Context,
  options: { siteUrl?: string | null | undefined; uriAllowList?: readonly string[] | undefined },
): RedirectPolicy {
  const siteUrl = options.siteUrl || `${new URL(c.req.url).origin}/`;
  return { siteUrl, allowList: options.uriAllowList ?? [] };
}
