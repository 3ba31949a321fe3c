import { defaultUrlTransform } from 'react-markdown';

/**
 * The link target react-markdown may render, or '' (no link) for anything unsafe: only web, mail,
 * in-page and same-site links survive; `javascript:` and friends become inert.
 */
export function safeUrl(url: string): string {
  const transformed = defaultUrlTransform(url);
  return /^(https?:|mailto:|#|\/)/i.test(transformed) ? transformed : '';
}
