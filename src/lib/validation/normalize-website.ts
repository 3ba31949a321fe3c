export const invalidWebsiteMessage = 'Please enter a valid website address, like https://example.com';

/**
 * A profile website as the user typed it, made into a full URL: empty stays empty, a missing
 * scheme becomes https://. Returns null when it cannot be a web address.
 */
export function normalizeWebsite(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (/\s/.test(withScheme)) return null;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return withScheme;
  } catch {
    return null;
  }
}
