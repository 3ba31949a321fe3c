import { Readable } from 'node:stream';
import { mediaTypeEssence } from './content-type.ts';
import type { ObjectFiles } from './object-files.ts';
import type { ObjectRow } from './object-rows.ts';
import { storageErrors } from './storage-error.ts';

/**
 * An object's bytes with the headers Storage sends: its type, length, `Cache-Control` as given at
 * upload (default `max-age=3600`), `ETag` and `Last-Modified`. A request that already holds this
 * version (`If-None-Match` / `If-Modified-Since`) gets 304 without the bytes, so a reload costs a
 * round trip, not the image.
 */
export async function serveObject(
  files: ObjectFiles,
  object: ObjectRow,
  request: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined; head: boolean },
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const { metadata } = object;
  const lastModified = new Date(metadata.lastModified).toUTCString();
  const headers: Record<string, string> = {
    // Rows stored before types were checked may hold parameters or a malformed type: never echoed.
    'Content-Type': mediaTypeEssence(metadata.mimetype) ?? 'application/octet-stream',
    'Cache-Control': metadata.cacheControl,
    ETag: metadata.eTag,
    'Last-Modified': lastModified,
    'Accept-Ranges': 'none',
    ...extraHeaders,
  };
  if (isFresh(request, metadata.eTag, metadata.lastModified))
    return new Response(null, { status: 304, headers });
  const opened = await files.read(object.version);
  if (!opened) throw storageErrors.noSuchKey();
  headers['Content-Length'] = String(opened.size);
  if (request.head) {
    opened.stream.destroy();
    return new Response(null, { status: 200, headers });
  }
  return new Response(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>, { status: 200, headers });
}

function isFresh(
  request: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  eTag: string,
  lastModified: string,
): boolean {
  if (request.ifNoneMatch !== undefined) {
    const tags = request.ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(eTag);
  }
  if (request.ifModifiedSince !== undefined) {
    const since = Date.parse(request.ifModifiedSince);
    // HTTP dates have whole seconds.
    return Number.isFinite(since) && Math.floor(Date.parse(lastModified) / 1000) * 1000 <= since;
  }
  return false;
}
