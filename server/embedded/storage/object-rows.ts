import type { Database, Transaction } from '../db/database.ts';

/** What Storage keeps in `storage.objects.metadata` for each object. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  name: string;
  version: string;
  metadata: ObjectMetadata;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

const objectColumns = `id, name, version, metadata,
  to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at,
  to_json(last_accessed_at)#>>'{}' as last_accessed_at`;

/** Buckets are read by the server itself (they have no policies), as Storage does. */
export async function findBucket(db: Database, id: string): Promise<BucketRow | null> {
  const { rows } = await db.query<BucketRow>(
    `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The object as the request's role sees it: null when it does not exist or policies hide it. */
export async function findObject(
  tx: Transaction | Database,
  bucket: string,
  name: string,
): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows[0] ?? null;
}

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata;
}

/** Adds the object's row; policies decide (42501), and an existing name is a 23505. */
export async function insertObject(tx: Transaction, object: NewObject): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata)
     values ($1, $2, $3::uuid, $3, $4, $5)
     returning ${objectColumns}`,
    [object.bucket, object.name, object.owner, object.version, JSON.stringify(object.metadata)],
  );
  return rows[0] as ObjectRow;
}

/** Replaces an existing object's row in place (x-upsert / PUT), keeping its id. */
export async function replaceObject(tx: Transaction, object: NewObject): Promise<ObjectRow | null> {
  const { rows } = await tx.query<ObjectRow>(
    `update storage.objects
        set version = $4, metadata = $5, owner = $3::uuid, owner_id = $3,
            updated_at = now(), last_accessed_at = now()
      where bucket_id = $1 and name = $2
      returning ${objectColumns}`,
    [object.bucket, object.name, object.owner, object.version, JSON.stringify(object.metadata)],
  );
  return rows[0] ?? null;
}

/** Deletes the named objects the role may delete; returns the deleted rows. */
export async function deleteObjects(tx: Transaction, bucket: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await tx.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
     returning ${objectColumns}, bucket_id, owner, owner_id`,
    [bucket, names],
  );
  return rows;
}

/** The names among `names` the role can see. */
export async function visibleNames(tx: Transaction, bucket: string, names: string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
    [bucket, names],
  );
  return new Set(rows.map((row) => row.name));
}

/** Bytes a user owns in every bucket, for the per-user quota (read by the server itself). */
export async function bytesOwnedBy(db: Database, owner: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `select coalesce(sum((metadata->>'size')::bigint), 0)::float8 as total
       from storage.objects where owner_id = $1`,
    [owner],
  );
  return rows[0]?.total ?? 0;
}

/** The versions among `versions` that some row points to (for the start-up sweep). */
export async function referencedVersions(db: Database, versions: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ version: string }>(
    `select version from storage.objects where version = any($1::text[])`,
    [versions],
  );
  return new Set(rows.map((row) => row.version));
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortColumn: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
  sortOrder: 'asc' | 'desc';
}

export interface ListEntry {
  name: string;
  id: string | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

/**
 * One level of a bucket, as Storage's `list` shows it: below the folder `prefix`, each object
 * directly in it, and each sub-folder once (with null id and dates), names starting with
 * `search`, sorted and paged. Only the rows the role can see count.
 */
export async function listLevel(tx: Transaction, bucket: string, options: ListOptions): Promise<ListEntry[]> {
  const folder = options.prefix.replace(/\/+$/, '');
  const base = folder === '' ? '' : `${folder}/`;
  const { rows } = await tx.query<ListEntry>(
    `with level as (
       select split_part(substr(name, length($2) + 1), '/', 1) as entry,
              position('/' in substr(name, length($2) + 1)) > 0 as is_folder,
              id, created_at, updated_at, last_accessed_at, metadata
         from storage.objects
        where bucket_id = $1 and left(name, length($2)) = $2
          and left(substr(name, length($2) + 1), length($3)) = $3
     ), entries as (
       select entry as name, null::uuid as id, null::timestamptz as created_at,
              null::timestamptz as updated_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from level where is_folder group by entry
       union all
       select entry, id, created_at, updated_at, last_accessed_at, metadata from level where not is_folder
     )
     select name, id, to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at,
            to_json(last_accessed_at)#>>'{}' as last_accessed_at, metadata
       from entries
      order by ${options.sortColumn} ${options.sortOrder} nulls last, name ${options.sortOrder}
      limit $4 offset $5`,
    [bucket, base, options.search, options.limit, options.offset],
  );
  return rows;
}
