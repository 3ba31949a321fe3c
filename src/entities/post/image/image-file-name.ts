/** A file name for a post's image: its topic, made safe, with the stored extension. */
export function imageFileName(topic: string, path: string): string {
  const extension = path.split('.').at(-1) ?? 'jpg';
  const base =
    topic
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 60) || 'post-image';
  return `${base}.${extension}`;
}
