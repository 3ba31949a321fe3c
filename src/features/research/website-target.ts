import { maxSearchDomainLength, maxSearchDomains, searchDomainPattern } from '@shared/research-api';

/**
 * A research website as typed (docs/product.md §14): trimmed, trailing slashes removed, https:// added when
 * there is no http(s) scheme. Empty or whitespace-only input is ignored (null).
 */
export function normalizeWebsiteTarget(input: string): string | null {
  const trimmed = input.trim().replace(/\/+$/, '');
  if (trimmed === '') return null;
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** The address without its http(s) scheme, for chips and search filters: `www.example.com/blog`. */
export function withoutScheme(url: string): string {
  return url.replace(/^https?:\/\//i, '');
}

/**
 * The Agent API's `search_domain_filter` for the targets: scheme-less, query and fragment
 * dropped, duplicates and entries Perplexity would reject left out, at most 20.
 */
export function toSearchDomainFilter(websites: readonly string[]): string[] {
  const domains = new Set<string>();
  for (const website of websites) {
    const target = normalizeWebsiteTarget(website);
    if (target === null) continue;
    const domain = withoutScheme(target)
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '');
    if (domain.length <= maxSearchDomainLength && searchDomainPattern.test(domain)) domains.add(domain);
  }
  return [...domains].slice(0, maxSearchDomains);
}
