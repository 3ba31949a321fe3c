import { getSupabase } from '@/lib/supabase/client';
import { listPostImages, removePostImages } from '@/entities/post/image/post-images';
import { originalOfRendition } from '@/entities/post/image/rendition-path';

/** Images younger than this may belong to a save still under way in another tab. */
const graceMs = 60 * 60 * 1000;

/**
 * Removes images in the user's folder that no post points to (a tab closed between upload and
 * save, a removal that failed), with their display renditions: the bucket only keeps what posts
 * show. Returns how many files went.
 */
export async function sweepOrphanImages(userId: string, now = Date.now()): Promise<number> {
  const stored = await listPostImages(userId);
  if (stored.length === 0) return 0;
  const used = await imagesInUse(userId);
  const orphans = stored
    // A display rendition is used while its original is.
    .filter((image) => !used.has(originalOfRendition(image.path) ?? image.path))
    .filter((image) => image.createdAt !== null && now - Date.parse(image.createdAt) > graceMs)
    .map((image) => image.path);
  await removePostImages(orphans);
  return orphans.length;
}

/** Every image path the user's posts hold, read in pages of the server's row cap. */
async function imagesInUse(userId: string): Promise<Set<string>> {
  const used = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const { data, error } = await getSupabase()
      .from('posts')
      .select('image_path')
      .eq('user_id', userId)
      .not('image_path', 'is', null)
      .order('id')
      .range(offset, offset + 999);
    if (error) throw error;
    for (const row of data as { image_path: string }[]) used.add(row.image_path);
    if (data.length < 1000) return used;
  }
}
