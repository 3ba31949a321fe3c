import type { Context } from 'hono';
import { storageErrors } from './storage-error.ts';

export interface Upload {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
}

/**
 * The file of an upload as storage-js sends it: a browser's Blob as multipart form data (the file
 * part's type is the object's type; a `cacheControl` field holds seconds), anything else as the
 * raw body with `Content-Type` and `Cache-Control` headers. The body size is capped before this by
 * the route's body limit.
 */
export async function readUpload(c: Context): Promise<Upload> {
  const requestType = c.req.header('content-type') ?? '';
  if (requestType.toLowerCase().startsWith('multipart/form-data')) {
    const form = await c.req.formData().catch(() => {
      throw storageErrors.invalidParameter('The multipart body could not be read');
    });
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (!file) throw storageErrors.invalidParameter('No file was found in the multipart body');
    const seconds = form.get('cacheControl');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type || 'application/octet-stream',
      cacheControl: `max-age=${typeof seconds === 'string' && /^\d+$/.test(seconds) ? seconds : '3600'}`,
    };
  }
  return {
    bytes: new Uint8Array(await c.req.arrayBuffer()),
    contentType: requestType || 'application/octet-stream',
    cacheControl: c.req.header('cache-control') ?? 'no-cache',
  };
}

/** `image/*`-style patterns as buckets list them; the type's parameters do not count. */
export function isAllowedType(contentType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return allowed.some((pattern) => {
    const wanted = pattern.toLowerCase();
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
  });
}
