import { youTubeVideoIdPattern } from '@shared/research-api';

export const emptyVideoUrlMessage = 'Please enter a YouTube URL';
export const invalidVideoUrlMessage = 'Invalid YouTube URL';

const youTubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const shortLinkHosts = new Set(['youtu.be', 'www.youtu.be']);
/** Path forms that carry the id as the next segment: /embed/ID, /v/ID, /e/ID, /shorts/ID, /live/ID. */
const idPathForms = new Set(['embed', 'v', 'e', 'shorts', 'live']);

/**
 * The 11-character video id in a YouTube link (docs/product.md §14): watch?v=, /embed/, /v/, /e/, /shorts/ and
 * youtu.be/ forms, with or without a scheme or a www./m./music. host, with other query parameters
 * and timestamps around it. Throws "Please enter a YouTube URL" when empty, "Invalid YouTube URL"
 * when there is no well-formed id on a YouTube host.
 */
export function extractYouTubeVideoId(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') throw new Error(emptyVideoUrlMessage);
  const id = idFrom(parseUrl(trimmed));
  if (id === null || !youTubeVideoIdPattern.test(id)) throw new Error(invalidVideoUrlMessage);
  return id;
}

function parseUrl(text: string): URL | null {
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

function idFrom(url: URL | null): string | null {
  if (url === null) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (shortLinkHosts.has(host)) return segments.length === 1 ? (segments[0] ?? null) : null;
  if (!youTubeHosts.has(host)) return null;
  const [first, second] = segments;
  if (first?.toLowerCase() === 'watch' && segments.length === 1) return url.searchParams.get('v');
  if (first !== undefined && idPathForms.has(first.toLowerCase()) && segments.length === 2)
    return second ?? null;
  return null;
}
