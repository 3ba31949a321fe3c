import type { Context } from 'hono';

/** Where the auth server may send a browser after a link: GoTrue's SITE_URL and URI_ALLOW_LIST. */
export interface RedirectPolicy {
  /** The app's URL: always allowed, and where a missing or refused `redirect_to` goes instead. */
  siteUrl: string;
  /** Further allowed URLs; `*` matches within a host label or path segment, `**` across them. */
  allowList: readonly string[];
}

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
 * GoTrue's IsRedirectURLValid (internal/utilities/request.go), with one deliberate difference.
 * As in GoTrue: no control characters or spaces; the site itself (same scheme, host and port) is
 * allowed; an IP address other than loopback never is; unusual host names never are; anything else
 * must match an entry of the allow list (without its fragment).
 *
 * The difference: GoTrue lets a loopback site change ports and allows every loopback IP address
 * on any port, without the list (RFC 8252's native apps). This server's site usually is a loopback
 * address itself, and the link carries a sign-in code or tokens: on another port it would hand them
 * to whatever else listens on this machine. So loopback has no exemption here: another port or
 * address must be in AUTH_URI_ALLOW_LIST like any URL (docs/decisions/020-auth-links-and-password-change.md).
 */
export function isRedirectAllowed(policy: RedirectPolicy, candidate: string): boolean {
  if (candidate === '') return false;
  // eslint-disable-next-line no-control-regex -- control characters and spaces are what is refused
  if (/[\u0000-\u0020\u007f]/.test(candidate)) return false;
  const site = parse(policy.siteUrl);
  const target = parse(candidate);
  if (!site || !target) return false;
  const hostname = target.hostname;
  if (site.hostname === hostname && site.protocol === target.protocol && site.port === target.port) {
    return true;
  }
  const http = target.protocol === 'http:' || target.protocol === 'https:';
  // A WHATWG URL has already turned decimal and hex hosts into dotted addresses.
  const ipAddress = /^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.startsWith('[');
  if (ipAddress && !(hostname.startsWith('127.') || hostname === '[::1]')) return false;
  if (http && !ipAddress && !regularHost.test(hostname)) return false;
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
