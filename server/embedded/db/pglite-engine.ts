import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { durableNodeFs, fsyncCounter } from './durable-node-fs.ts';

export { fsyncCounter };

/**
 * PGlite's own start parameters (0.5.x `defaultStartParams`) minus `-F`, which turns fsync off,
 * plus `wal_sync_method=fsync`: this Emscripten build makes `fdatasync` a no-op, while `fsync`
 * reaches the file system's `fsync` operation (docs/decisions/008-durability.md).
 */
const durableStartParams = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'wal_sync_method=fsync',
];

/** The engine's compiled WebAssembly and runtime files, prepared once per thread before opening. */
export interface EngineAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

const assetUrl = (name: string) => new URL(name, import.meta.resolve('@electric-sql/pglite'));

/** Compiles PGlite's WebAssembly ahead of time, so a replacement engine opens without that wait. */
export async function loadEngineAssets(): Promise<EngineAssets> {
  const [pglite, initdb, bundle] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map(
      async (name) => new Uint8Array(await readFile(assetUrl(name))),
    ),
  );
  return {
    pgliteWasmModule: await WebAssembly.compile(pglite as Uint8Array<ArrayBuffer>),
    initdbWasmModule: await WebAssembly.compile(initdb as Uint8Array<ArrayBuffer>),
    fsBundle: new Blob([bundle as Uint8Array<ArrayBuffer>]),
  };
}

export interface OpenPgliteOptions {
  /** The Postgres data directory (created by initdb when empty). */
  pgdata: string;
  /** A dump (dumpDataDir) to extract into an empty `pgdata` instead of running initdb. */
  loadDataDir?: Blob;
  assets?: EngineAssets;
  /**
   * True when the file system holding `pgdata` was synced (syncfs) just before this open: the
   * engine then skips fsync for files it has not written itself (durable-node-fs.ts).
   */
  fileSystemSynced?: boolean;
}

/** Opens PGlite on a directory with durable commits and the extensions our migrations use. */
export async function openPglite(options: OpenPgliteOptions): Promise<PGlite> {
  const db = await PGlite.create({
    fs: durableNodeFs(options.pgdata, options.fileSystemSynced ?? false),
    startParams: durableStartParams,
    extensions: { pgcrypto },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.assets ?? {}),
  });
  // Every timestamp leaves the database as UTC ISO text, as on hosted Supabase.
  await db.exec(`set timezone to 'UTC'`);
  return db;
}

/** Bytes of WebAssembly memory the database engine holds (it grows and never shrinks). */
export function engineHeapBytes(db: PGlite): number {
  return (db as unknown as { Module: { HEAPU8: Uint8Array } }).Module.HEAPU8.length;
}
