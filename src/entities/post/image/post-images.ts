import { messages } from '@/config/messages';
import { getSupabase } from '../../../lib/supabase/client';

/**
 * Post images in Supabase Storage (docs/wire-formats.md §9): the only module that calls
 * storage-js. Images live in the private `post-images` bucket under `<user id>/<random>.<ext>`;
 * the bucket's policies let each user reach only their own folder.
 */
export const postImagesBucket = 'post-images';

/** A name is never reused (each upload gets a new random one), so browsers may keep an image for a year. */
const cacheSeconds = 60 * 60 * 24 * 365;
/** Signed links last a day and are reused until an hour before they end, so a reload hits the browser's cache. */
const linkSeconds = 60 * 60 * 24;
const reuseMarginMs = 60 * 60 * 1000;
const linkCacheKey = 'post-writer-image-links';

export interface ImageToUpload {
  blob: Blob;
  type: string;
  extension: string;
}

/** Uploads an image into the user's folder and returns its object name (what `posts.image_path` holds). */
export async function uploadPostImage(userId: string, image: ImageToUpload): Promise<string> {
  const path = `${userId}/${crypto.randomUUID()}.${image.extension}`;
  try {
    const { error } = await getSupabase()
      .storage.from(postImagesBucket)
      .upload(path, image.blob, {
        contentType: image.type,
        cacheControl: String(cacheSeconds),
        upsert: false,
      });
    if (error) throw error;
  } catch (error) {
    throw new Error(isQuotaError(error) ? messages.image_quota_full : messages.image_upload_failed, {
      cause: error,
    });
  }
  return path;
}

function isQuotaError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return message.includes('storage quota');
}

/** Removes images; names already gone are no error. */
export async function removePostImages(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await getSupabase()
    .storage.from(postImagesBucket)
    .remove([...paths]);
  if (error) throw error;
}

export interface StoredImage {
  path: string;
  createdAt: string | null;
}

/** Every image in the user's folder (Storage lists 100 at a time). */
export async function listPostImages(userId: string): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for (let offset = 0; ; offset += 100) {
    const { data, error } = await getSupabase()
      .storage.from(postImagesBucket)
      .list(userId, { limit: 100, offset });
    if (error) throw error;
    images.push(
      ...data
        .filter((entry) => entry.id !== null)
        .map((entry) => ({ path: `${userId}/${entry.name}`, createdAt: entry.created_at })),
    );
    if (data.length < 100) return images;
  }
}

interface CachedLink {
  url: string;
  expiresAt: number;
}

function readLinkCache(): Record<string, CachedLink> {
  try {
    return JSON.parse(sessionStorage.getItem(linkCacheKey) ?? '{}') as Record<string, CachedLink>;
  } catch {
    return {};
  }
}

function writeLinkCache(cache: Record<string, CachedLink>): void {
  const now = Date.now();
  const kept = Object.fromEntries(
    Object.entries(cache).filter(([, link]) => link.expiresAt - reuseMarginMs > now),
  );
  try {
    sessionStorage.setItem(linkCacheKey, JSON.stringify(kept));
  } catch {
    // Storage full or blocked: links are simply signed again next time.
  }
}

/** Forgets the signed links (on sign-out, so the next person in this browser has none). */
export function forgetImageLinks(): void {
  try {
    sessionStorage.removeItem(linkCacheKey);
  } catch {
    // Nothing was kept.
  }
}

const pending = new Map<string, Promise<string | null>>();
let batch: { paths: Set<string>; flush: Promise<Map<string, string>> } | null = null;

/**
 * A link that shows the image in an `<img>` (null when it cannot be had: gone, or no connection).
 * Links are signed for many images in one request and reused from this tab's session storage.
 */
export function postImageUrl(path: string): Promise<string | null> {
  const cached = readLinkCache()[path];
  if (cached && cached.expiresAt - reuseMarginMs > Date.now()) return Promise.resolve(cached.url);
  const waiting = pending.get(path);
  if (waiting) return waiting;
  // Every image asked for in the same tick is signed in one request.
  if (!batch) {
    const paths = new Set<string>();
    batch = {
      paths,
      flush: Promise.resolve().then(async () => {
        batch = null;
        return signLinks([...paths]);
      }),
    };
  }
  batch.paths.add(path);
  const link = batch.flush
    .then((links) => links.get(path) ?? null)
    .catch(() => null)
    .finally(() => pending.delete(path));
  pending.set(path, link);
  return link;
}

async function signLinks(paths: string[]): Promise<Map<string, string>> {
  const { data, error } = await getSupabase()
    .storage.from(postImagesBucket)
    .createSignedUrls(paths, linkSeconds);
  if (error) throw error;
  const cache = readLinkCache();
  const links = new Map<string, string>();
  const expiresAt = Date.now() + linkSeconds * 1000;
  for (const entry of data) {
    if (!entry.signedUrl || !entry.path) continue;
    links.set(entry.path, entry.signedUrl);
    cache[entry.path] = { url: entry.signedUrl, expiresAt };
  }
  writeLinkCache(cache);
  return links;
}

/** A link that downloads the image as a file named `fileName`. */
export async function postImageDownloadUrl(path: string, fileName: string): Promise<string> {
  const { data, error } = await getSupabase()
    .storage.from(postImagesBucket)
    .createSignedUrl(path, 60, { download: fileName });
  if (error) throw error;
  return data.signedUrl;
}
