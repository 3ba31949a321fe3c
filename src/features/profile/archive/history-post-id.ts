import type { ArchivePost } from './parse-shares-csv';

const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/**
 * The id a post of the archive gets in the posts table: the same for the same author and post every
 * time (a hash of the user and the post's link, or its date and text where the archive has no link),
 * so importing an archive again adds nothing twice. A UUID of version 8 (RFC 9562, "custom").
 */
export async function historyPostId(userId: string, post: ArchivePost): Promise<string> {
  const key = `linkedin-archive\n${userId}\n${post.link || `${post.postedAt}\n${post.text}`}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  const bytes = [...digest.subarray(0, 16)];
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const text = bytes.map(hex).join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
