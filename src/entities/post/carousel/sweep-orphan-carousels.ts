import { getSupabase } from '@/lib/supabase/client';
import { listCarouselPdfs, removeCarouselPdfs } from './post-carousels';

/** PDFs younger than this may belong to a save still under way in another tab. */
const graceMs = 60 * 60 * 1000;

/**
 * Removes PDFs in the user's folder that no post points to (a tab closed between export and save,
 * a removal that failed, a post deleted while offline), as sweep-orphan-images.ts does for images.
 * Returns how many files went.
 */
export async function sweepOrphanCarousels(userId: string, now = Date.now()): Promise<number> {
  const stored = await listCarouselPdfs(userId);
  if (stored.length === 0) return 0;
  const used = await carouselsInUse(userId);
  const orphans = stored
    .filter((pdf) => !used.has(pdf.path))
    .filter((pdf) => pdf.createdAt !== null && now - Date.parse(pdf.createdAt) > graceMs)
    .map((pdf) => pdf.path);
  await removeCarouselPdfs(orphans);
  return orphans.length;
}

/** Every carousel path the user's posts hold, read in pages of the server's row cap. */
async function carouselsInUse(userId: string): Promise<Set<string>> {
  const used = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const { data, error } = await getSupabase()
      .from('posts')
      .select('carousel_path')
      .eq('user_id', userId)
      .not('carousel_path', 'is', null)
      .order('id')
      .range(offset, offset + 999);
    if (error) throw error;
    for (const row of data as { carousel_path: string }[]) used.add(row.carousel_path);
    if (data.length < 1000) return used;
  }
}
