/**
 * Research through the Perplexity Agent API (docs/product.md §13): shared by the browser's research service
 * and the /api route that forwards to Perplexity, so both agree on what may be sent.
 */

/** The one research model; Sonar chat completions (`sonar-pro`) were retired on 2026-09-27. */
export const researchModel = 'perplexity/sonar';

/** Models the /api route accepts for the Agent API. */
export const researchModels: readonly string[] = [researchModel];

/** Perplexity accepts at most 20 entries in `search_domain_filter`. */
export const maxSearchDomains = 20;

/** Longest search-domain entry (a DNS name is at most 253 characters). */
export const maxSearchDomainLength = 253;

/**
 * One `search_domain_filter` entry: a host with an optional port and path, no scheme, query or
 * fragment (`www.example.com/blog`). A leading `-` excludes the domain instead (Perplexity's denylist).
 */
export const searchDomainPattern =
  /^-?[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*$/;

/** A YouTube video id: exactly 11 characters of the URL-safe base64 alphabet. */
export const youTubeVideoIdPattern = /^[A-Za-z0-9_-]{11}$/;
