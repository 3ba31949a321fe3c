import { messages } from '@/config/messages';
import { getSupabase } from '../../../lib/supabase/client';
import type { DisplayRendition } from './display-rendition';
import { renditionPath, withRenditions } from './rendition-path';

/**
 * Post images in Supabase Storage (docs/wire-formats.md §9): the only module that calls
 * storage-js. Images live in the private `post-images` bucket under `<user id>/<random>.<ext>`;
 * the bucket's policies let each user reach only their own folder. Beside each original lies its
 * display rendition (rendition-path.ts), which lists and previews show.
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

/** Renditions of this tab's uploads still being made or stored, by original. */
const storing = new Map<string, Promise<unknown>>();

/**
 * Uploads an image into the user's folder and returns its object name (what `posts.image_path`
 * holds) as soon as the original is stored. Its display rendition is made meanwhile, off the main
 * thread, and stored beside it after, without holding up the save; one that cannot be made or
 * stored is no failure: the original is shown until there is one.
 */
export async function uploadPostImage(userId: string, image: ImageToUpload): Promise<string> {
  const path = `${userId}/${crypto.randomUUID()}.${image.extension}`;
  const display = renditionPath(path);
  const rendition = display ? makeRendition(image.blob) : null;
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
  if (display && rendition) {
    // This tab makes it: no lazy attempt at it here (postImageDisplayUrl waits for this one).
    tried.add(path);
    const stored = rendition
      .then((made) => storeRendition(display, made))
      .finally(() => storing.delete(path));
    storing.set(path, stored);
  }
  return path;
}

/** The display rendition of an original's bytes; null when it cannot have one here. */
async function makeRendition(original: Blob): Promise<DisplayRendition | null> {
  try {
    // The image code loads when an image is stored or shown without a rendition, not with the page.
    const { createDisplayRendition } = await import('./create-display-rendition');
    return await createDisplayRendition(original);
  } catch (error) {
    console.warn('The small copy of an image could not be made', error);
    return null;
  }
}

/** Stores a rendition under its name; true when it is there (stored now, or already). */
async function storeRendition(name: string, rendition: DisplayRendition | null): Promise<boolean> {
  if (!rendition) return false;
  try {
    const { error } = await getSupabase()
      .storage.from(postImagesBucket)
      .upload(name, rendition.blob, {
        contentType: rendition.type,
        cacheControl: String(cacheSeconds),
        upsert: false,
      });
    if (!error || /already exists/i.test(error.message)) return true;
    console.warn('The small copy of an image could not be stored', error);
    return false;
  } catch (error) {
    console.warn('The small copy of an image could not be stored', error);
    return false;
  }
}

function isQuotaError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return message.includes('storage quota');
}

/** Removes images with their display renditions; names already gone are no error. */
export async function removePostImages(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  // A rendition still on its way would otherwise land after its original is gone.
  await Promise.all(paths.map((path) => storing.get(path)));
  const names = withRenditions(paths);
  // Storage removes at most 1,000 names a request.
  for (let start = 0; start < names.length; start += 1000) {
    const { error } = await getSupabase()
      .storage.from(postImagesBucket)
      .remove(names.slice(start, start + 1000));
    if (error) throw error;
  }
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
  // Renditions still waiting to be made were the last person's: they are made when next shown.
  for (const { path } of queue.splice(0)) tried.delete(path);
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

/**
 * The link that shows an image where it is small (lists, the calendar, previews): its display
 * rendition's when it has one. An image stored before renditions existed shows its original, and
 * its rendition is made once in the background for next time (never again in this browser if
 * that fails). Null when even the original cannot be had.
 */
export async function postImageDisplayUrl(path: string): Promise<string | null> {
  const display = renditionPath(path);
  if (!display || renditionFailed(path)) return postImageUrl(path);
  // Just saved in this tab: its rendition is a moment away, and much smaller.
  await storing.get(path);
  const cached = readLinkCache()[display];
  if (cached && cached.expiresAt - reuseMarginMs > Date.now()) return cached.url;
  // Both are signed in the same request: the original is the fallback.
  const [small, original] = await Promise.all([postImageUrl(display), postImageUrl(path)]);
  if (small) return small;
  if (original) queueRendition(path, display, original);
  return original;
}

const failuresKey = 'post-writer-rendition-failures';
/** How many failed originals are remembered (the oldest are forgotten first). */
const maxFailuresKept = 500;
/** Originals whose rendition was tried in this tab (done, under way or failed). */
const tried = new Set<string>();
const queue: { path: string; display: string; url: string }[] = [];
let draining = false;

function readFailures(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(failuresKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

function renditionFailed(path: string): boolean {
  return readFailures().includes(path);
}

function rememberFailure(path: string): void {
  try {
    localStorage.setItem(failuresKey, JSON.stringify([...readFailures(), path].slice(-maxFailuresKept)));
  } catch {
    // Storage full or blocked: the next visit tries once more.
  }
}

function queueRendition(path: string, display: string, url: string): void {
  if (tried.has(path)) return;
  tried.add(path);
  queue.push({ path, display, url });
  if (!draining) void drain();
}

/** Makes the queued renditions one at a time (a large photo decoded takes tens of megabytes). */
async function drain(): Promise<void> {
  draining = true;
  try {
    for (let next = queue.shift(); next; next = queue.shift()) {
      // The images on screen load first.
      await idle();
      if (!(await createMissingRendition(next.display, next.url))) rememberFailure(next.path);
    }
  } finally {
    draining = false;
  }
}

async function createMissingRendition(display: string, originalUrl: string): Promise<boolean> {
  try {
    // The same signed URL as the <img>: the browser's cache usually has its bytes already.
    const response = await fetch(originalUrl);
    if (!response.ok) return false;
    return await storeRendition(display, await makeRendition(await response.blob()));
  } catch (error) {
    console.warn('The small copy of an image could not be made', error);
    return false;
  }
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
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
