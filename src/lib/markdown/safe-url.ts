import { defaultUrlTransform } from 'react-markdown';

/** Only these link schemes survive; `javascript:` and friends become inert. */
const safeSchemes = /^(https?:|mailto:|#|\/)/i;

/** The link target react-markdown may render, or '' (no link) for anything unsafe. */
export function safeUrl(url: string): string {
  const transformed = defaultUrlTransform(url);
  return safeSchemes.test(transformed) ? transformed : '';
}
