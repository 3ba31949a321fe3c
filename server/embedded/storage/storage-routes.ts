import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/database.ts';
import { runAsRole, type RequestIdentity } from '../db/run-as-role.ts';
import { bearerToken, requireApiKey } from '../gateway/api-key.ts';
import { identify } from '../gateway/request-identity.ts';
import { signAccessToken } from '../keys/jwt.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { verifyInstallToken } from '../keys/verify-token.ts';
import { requestOrigin } from '../rest/request-origin.ts';
import { cleanContentType } from './content-type.ts';
import { bucketAndName, checkBucketId, checkObjectName } from './object-key.ts';
import type { ObjectFiles } from './object-files.ts';
import {
  bytesOwnedBy,
  deleteObjects,
  findBucket,
  findObject,
  insertObject,
  listLevel,
  replaceObject,
  visibleNames,
  type BucketRow,
  type ListOptions,
  type ObjectMetadata,
} from './object-rows.ts';
import { isAllowedType, readUpload } from './read-upload.ts';
import { serveObject } from './serve-object.ts';
import { expiresHeader, signedUrlLifetime } from './signed-url-lifetime.ts';
import { StorageError, storageErrorFromDatabase, storageErrors } from './storage-error.ts';

export interface StorageOptions {
  db: Database;
  keys: ProjectKeys;
  files: ObjectFiles;
  /** The largest object any bucket takes (a bucket's own limit may be lower). */
  maxFileBytes: number;
  /** Bytes one user may keep in all buckets together. */
  quotaBytesPerUser: number;
}

/**
 * The part of the Supabase Storage API that storage-js uses for files, generic over buckets
 * (docs/wire-formats.md §9): upload and replace, download, signed URLs, remove and list. Who may
 * see or change an object is decided by Postgres: every object statement runs as the request's
 * role, under the policies on storage.objects, as on hosted.
 */
export function createStorageRoutes(options: StorageOptions): Hono {
  const app = new Hono();
  app.onError((error, c) => {
    const known = error instanceof StorageError ? error : storageErrorFromDatabase(error);
    if (!known) console.error('Unexpected error in the storage API:', error);
    const answer = known ?? storageErrors.internal();
    return c.json(answer.toJSON(), answer.httpStatus);
  });

  // Signed URLs are links anyone holding them may open: no API key, the token is the permission.
  app.on(['GET', 'HEAD'], '/object/sign/:bucket/*', (c) => getSigned(c, options));
  app.on(['GET', 'HEAD'], '/object/public/:bucket/*', (c) => getPublic(c, options));

  app.use('*', requireApiKey(options.keys));
  const limit = bodyLimit({
    maxSize: options.maxFileBytes + 64 * 1024,
    onError: (c) => c.json(storageErrors.tooLarge().toJSON(), 400),
  });
  app.post('/object/list/:bucket', (c) => list(c, options));
  app.post('/object/sign/:bucket', (c) => signMany(c, options));
  app.post('/object/sign/:bucket/*', (c) => signOne(c, options));
  app.on(['GET', 'HEAD'], '/object/authenticated/:bucket/*', (c) =>
    download(c, options, '/object/authenticated/'),
  );
  app.on(['GET', 'HEAD'], '/object/:bucket/*', (c) => download(c, options, '/object/'));
  app.post('/object/:bucket/*', limit, (c) => upload(c, options, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/*', limit, (c) => upload(c, options, true));
  // The bucket alone first: `/:bucket/*` also matches a path that ends at the bucket.
  app.delete('/object/:bucket', (c) => removeMany(c, options));
  app.delete('/object/:bucket/*', (c) => removeOne(c, options));
  return app;
}

async function identityOf(c: Context, keys: ProjectKeys): Promise<RequestIdentity> {
  const token = bearerToken(c.req.header('authorization'), c.req.header('apikey'));
  const result = await identify(token, keys);
  if (!result.ok)
    throw storageErrors.accessDenied(result.code === 'PGRST303' ? 'jwt expired' : 'invalid jwt');
  return result.identity;
}

function asRole<T>(
  c: Context,
  options: StorageOptions,
  identity: RequestIdentity,
  work: Parameters<typeof runAsRole<T>>[3],
): Promise<T> {
  return runAsRole(
    options.db,
    identity,
    { method: c.req.method, path: c.req.path, ...requestOrigin(c) },
    work,
  );
}

function pathOf(c: Context): string {
  return new URL(c.req.url).pathname;
}

async function requireBucket(db: Database, id: string): Promise<BucketRow> {
  const bucket = await findBucket(db, id);
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

async function upload(c: Context, options: StorageOptions, upsert: boolean): Promise<Response> {
  const identity = await identityOf(c, options.keys);
  const { bucket: bucketId, name } = bucketAndName(pathOf(c), '/object/');
  const bucket = await requireBucket(options.db, bucketId);
  const limit = Math.min(bucket.file_size_limit ?? options.maxFileBytes, options.maxFileBytes);
  if (Number(c.req.header('content-length') ?? 0) > limit + 64 * 1024) throw storageErrors.tooLarge();
  const file = await readUpload(c);
  if (file.bytes.byteLength > limit) throw storageErrors.tooLarge();
  const contentType = cleanContentType(file.contentType, file.bytes);
  if (!isAllowedType(contentType, bucket.allowed_mime_types))
    throw storageErrors.invalidMimeType(contentType);

  const owner = typeof identity.claims.sub === 'string' ? identity.claims.sub : null;
  if (owner !== null) {
    const existing = upsert ? await findObject(options.db, bucketId, name) : null;
    const after =
      (await bytesOwnedBy(options.db, owner)) - (existing?.metadata.size ?? 0) + file.bytes.byteLength;
    if (after > options.quotaBytesPerUser) throw storageErrors.quotaExceeded(options.quotaBytesPerUser);
  }

  const now = new Date().toISOString();
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.byteLength,
    mimetype: contentType,
    cacheControl: file.cacheControl,
    lastModified: now,
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  };
  // The bytes are on disk before the row exists: a row never points to a file still being written.
  const version = await options.files.write(file.bytes);
  let replaced: string | null = null;
  try {
    const row = await asRole(c, options, identity, async (tx) => {
      const object = { bucket: bucketId, name, owner, version, metadata };
      if (upsert) {
        const previous = await findObject(tx, bucketId, name);
        const updated = previous ? await replaceObject(tx, object) : null;
        if (updated) {
          replaced = previous?.version ?? null;
          return updated;
        }
      }
      return insertObject(tx, object);
    });
    if (replaced) await options.files.remove(replaced);
    return c.json({ Id: row.id, Key: `${bucketId}/${name}` });
  } catch (error) {
    await options.files.remove(version);
    throw error;
  }
}

async function download(c: Context, options: StorageOptions, prefix: string): Promise<Response> {
  const identity = await identityOf(c, options.keys);
  const { bucket, name } = bucketAndName(pathOf(c), prefix);
  await requireBucket(options.db, bucket);
  const object = await asRole(c, options, identity, (tx) => findObject(tx, bucket, name));
  if (!object) throw storageErrors.noSuchKey();
  return serveObject(options.files, object, conditional(c));
}

async function getPublic(c: Context, options: StorageOptions): Promise<Response> {
  const { bucket, name } = bucketAndName(pathOf(c), '/object/public/');
  const found = await requireBucket(options.db, bucket);
  const object = found.public ? await findObject(options.db, bucket, name) : null;
  if (!object) throw storageErrors.noSuchKey();
  return serveObject(options.files, object, conditional(c), {
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
}

function conditional(c: Context) {
  return {
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
    head: c.req.method === 'HEAD',
  };
}

/** A signed URL's path as Storage returns it: storage-js prefixes the Storage URL. */
function signedPath(bucket: string, name: string, token: string): string {
  return `/object/sign/${bucket}/${name}?token=${token}`;
}

async function jsonBody(c: Context): Promise<unknown> {
  return c.req.json().catch(() => {
    throw storageErrors.invalidParameter('The request body must be JSON');
  });
}

async function signOne(c: Context, options: StorageOptions): Promise<Response> {
  const identity = await identityOf(c, options.keys);
  const { bucket, name } = bucketAndName(pathOf(c), '/object/sign/');
  const expiresIn = signedUrlLifetime(await jsonBody(c));
  await requireBucket(options.db, bucket);
  const object = await asRole(c, options, identity, (tx) => findObject(tx, bucket, name));
  if (!object) throw storageErrors.noSuchKey();
  const { token } = await signAccessToken({ url: `${bucket}/${name}` }, options.keys.signing, expiresIn);
  return c.json({ signedURL: signedPath(bucket, name, token) });
}

/** A body's list of object names (`paths` to sign, `prefixes` to remove): 1 to 1000 valid names. */
function objectNameList(body: unknown, field: 'paths' | 'prefixes'): string[] {
  const list = (body as Record<string, unknown> | null)?.[field];
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    list.length > 1000 ||
    !list.every((p) => typeof p === 'string')
  )
    throw storageErrors.invalidParameter(`body/${field} must be a list of 1 to 1000 object names`);
  return list.map(checkObjectName);
}

async function signMany(c: Context, options: StorageOptions): Promise<Response> {
  const identity = await identityOf(c, options.keys);
  const bucket = checkBucketId(c.req.param('bucket') ?? '');
  const body = await jsonBody(c);
  const expiresIn = signedUrlLifetime(body);
  const names = objectNameList(body, 'paths');
  await requireBucket(options.db, bucket);
  const visible = await asRole(c, options, identity, (tx) => visibleNames(tx, bucket, names));
  const signed = await Promise.all(
    names.map(async (name) => {
      if (!visible.has(name))
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path: name,
          signedURL: null,
        };
      const { token } = await signAccessToken({ url: `${bucket}/${name}` }, options.keys.signing, expiresIn);
      return { error: null, path: name, signedURL: signedPath(bucket, name, token) };
    }),
  );
  return c.json(signed);
}

async function getSigned(c: Context, options: StorageOptions): Promise<Response> {
  const { bucket, name } = bucketAndName(pathOf(c), '/object/sign/');
  const token = c.req.query('token');
  if (!token) throw storageErrors.invalidParameter("querystring must have required property 'token'");
  const verified = await verifyInstallToken(options.keys, token);
  if (!verified.ok)
    throw verified.reason === 'expired' ? storageErrors.expiredSignature() : storageErrors.invalidSignature();
  if (verified.claims.url !== `${bucket}/${name}`) throw storageErrors.invalidSignature();
  const object = await findObject(options.db, bucket, name);
  if (!object) throw storageErrors.noSuchKey();
  // The link is the permission: any page may show it (an app served from another origin).
  const headers: Record<string, string> = { 'Cross-Origin-Resource-Policy': 'cross-origin' };
  const expires = expiresHeader(verified.claims.exp);
  if (expires) headers.Expires = expires;
  // `&download` (storage-js `{ download: true | 'name' }`) saves the file instead of showing it.
  const download = c.req.query('download');
  if (download !== undefined)
    headers['Content-Disposition'] = attachment(download || (name.split('/').at(-1) ?? name));
  return serveObject(options.files, object, conditional(c), headers);
}

/** A Content-Disposition that saves the file under `fileName` (RFC 6266, with a plain ASCII fallback). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function removeMany(c: Context, options: StorageOptions): Promise<Response> {
  const identity = await identityOf(c, options.keys);
  const bucket = checkBucketId(c.req.param('bucket') ?? '');
  const names = objectNameList(await jsonBody(c), 'prefixes');
  await requireBucket(options.db, bucket);
  const deleted = await asRole(c, options, identity, (tx) => deleteObjects(tx, bucket, names));
  for (const row of deleted) await options.files.remove(row.version);
  return c.json(deleted.map(({ version: _version, ...row }) => ({ ...row, bucket_id: bucket })));
}

async function removeOne(c: Context, options: StorageOptions): Promise<Response> {
  const identity = await identityOf(c, options.keys);
  const { bucket, name } = bucketAndName(pathOf(c), '/object/');
  await requireBucket(options.db, bucket);
  const deleted = await asRole(c, options, identity, (tx) => deleteObjects(tx, bucket, [name]));
  if (deleted.length === 0) throw storageErrors.noSuchKey();
  for (const row of deleted) await options.files.remove(row.version);
  return c.json({ message: 'Successfully deleted' });
}

const sortColumns = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at']);

async function list(c: Context, options: StorageOptions): Promise<Response> {
  const identity = await identityOf(c, options.keys);
  const bucket = checkBucketId(c.req.param('bucket') ?? '');
  const body = ((await jsonBody(c)) ?? {}) as Record<string, unknown>;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const listOptions: ListOptions = {
    prefix: typeof body.prefix === 'string' ? body.prefix : '',
    limit: wholeNumber(body.limit, 100, 'limit'),
    offset: wholeNumber(body.offset, 0, 'offset'),
    search: typeof body.search === 'string' ? body.search : '',
    sortColumn: sortColumns.has(String(sortBy.column ?? 'name'))
      ? (String(sortBy.column ?? 'name') as ListOptions['sortColumn'])
      : 'name',
    sortOrder: String(sortBy.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc',
  };
  if (typeof body.prefix !== 'string')
    throw storageErrors.invalidParameter("body must have required property 'prefix'");
  await requireBucket(options.db, bucket);
  return c.json(await asRole(c, options, identity, (tx) => listLevel(tx, bucket, listOptions)));
}

function wholeNumber(value: unknown, fallback: number, field: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw storageErrors.invalidParameter(`body/${field} must be a whole number`);
  return value;
}
