import { carouselPdfProblem } from '@shared/carousel-pdf';
import { getSupabase } from '@/lib/supabase/client';
import { carouselMessages } from './carousel-fields';

/**
 * Carousel PDFs in Supabase Storage (docs/wire-formats.md §9), beside post images and kept the same
 * way: the private `post-carousels` bucket, each under `<user id>/<random>.pdf`, each user reaching
 * only their own folder. The bucket takes PDFs of up to 20 MB (shared/carousel-pdf.ts says why).
 */
export const postCarouselsBucket = 'post-carousels';

/** A name is never reused (each export gets a new random one), so browsers may keep a PDF for a year. */
const cacheSeconds = 60 * 60 * 24 * 365;
/** Links to look at a PDF (the preview) last an hour. */
const linkSeconds = 60 * 60;

/**
 * Stores an exported carousel PDF in the user's folder and returns its object name (what
 * `posts.carousel_path` holds). A file that is not a PDF, is over 20 MB or over LinkedIn's 300
 * pages is refused before anything is sent, in words the author can act on.
 */
export async function uploadCarouselPdf(userId: string, pdf: Blob): Promise<string> {
  const problem = await carouselPdfProblem(new Uint8Array(await pdf.arrayBuffer()));
  if (problem) throw new Error(problem);
  const path = `${userId}/${crypto.randomUUID()}.pdf`;
  try {
    const { error } = await getSupabase()
      .storage.from(postCarouselsBucket)
      .upload(path, pdf, {
        contentType: 'application/pdf',
        cacheControl: String(cacheSeconds),
        upsert: false,
      });
    if (error) throw error;
  } catch (error) {
    const quota = error instanceof Error && error.message.includes('storage quota');
    throw new Error(quota ? carouselMessages.quotaFull : carouselMessages.uploadFailed, { cause: error });
  }
  return path;
}

/** Removes carousel PDFs; names already gone are no error. */
export async function removeCarouselPdfs(paths: readonly string[]): Promise<void> {
  // Storage removes at most 1,000 names a request.
  for (let start = 0; start < paths.length; start += 1000) {
    const { error } = await getSupabase()
      .storage.from(postCarouselsBucket)
      .remove(paths.slice(start, start + 1000));
    if (error) throw error;
  }
}

/**
 * Removes PDFs no post needs any more. A failure is only logged: the post itself is already right,
 * and the next sweep of the user's folder removes what was left.
 */
export async function discardCarouselPdfs(paths: readonly (string | null | undefined)[]): Promise<void> {
  const names = paths.filter((path): path is string => typeof path === 'string');
  try {
    await removeCarouselPdfs(names);
  } catch (error) {
    console.warn('A carousel PDF no post uses could not be removed yet', error);
  }
}

export interface StoredCarouselPdf {
  path: string;
  createdAt: string | null;
}

/** Every PDF in the user's folder (Storage lists 100 at a time). */
export async function listCarouselPdfs(userId: string): Promise<StoredCarouselPdf[]> {
  const pdfs: StoredCarouselPdf[] = [];
  for (let offset = 0; ; offset += 100) {
    const { data, error } = await getSupabase()
      .storage.from(postCarouselsBucket)
      .list(userId, { limit: 100, offset });
    if (error) throw error;
    pdfs.push(
      ...data
        .filter((entry) => entry.id !== null)
        .map((entry) => ({ path: `${userId}/${entry.name}`, createdAt: entry.created_at })),
    );
    if (data.length < 100) return pdfs;
  }
}

/** A link to the stored PDF (for a preview that reads it back), good for an hour. */
export async function carouselPdfUrl(path: string): Promise<string> {
  const { data, error } = await getSupabase()
    .storage.from(postCarouselsBucket)
    .createSignedUrl(path, linkSeconds);
  if (error) throw error;
  return data.signedUrl;
}

/** A link that downloads the stored PDF as a file named `fileName`. */
export async function carouselPdfDownloadUrl(path: string, fileName: string): Promise<string> {
  const { data, error } = await getSupabase()
    .storage.from(postCarouselsBucket)
    .createSignedUrl(path, 60, { download: fileName });
  if (error) throw error;
  return data.signedUrl;
}
