// `npm run backup`: a consistent copy of the database in DATA_DIR/backups. While the server runs
// it asks the server for the backup; otherwise it opens the database itself.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readServerEnv } from '../server/config/server-env.ts';
import { linkImagesInto } from '../server/embedded/data-dir/backup-images.ts';
import { backupDatabase } from '../server/embedded/data-dir/backup-database.ts';
import { describeBackup, newBackupPath } from '../server/embedded/data-dir/backups.ts';
import { runningServer } from '../server/embedded/data-dir/data-dir-lock.ts';
import { openDataDir } from '../server/embedded/data-dir/open-data-dir.ts';
import { loadProjectKeys } from '../server/embedded/keys/project-keys.ts';

const root = path.resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  const env = readServerEnv();
  const dataDir = path.resolve(root, env.DATA_DIR);
  if (!existsSync(path.join(dataDir, 'postgres'))) {
    throw new Error(
      existsSync(path.join(dataDir, 'pgdata'))
        ? `${dataDir} holds the previous release's database: start the app once (npm start) to move it into PostgreSQL 17, then back it up.`
        : `There is no database in ${dataDir} to back up.`,
    );
  }
  const server = await runningServer(dataDir);
  if (server?.url) {
    const { secretKey } = await loadProjectKeys(dataDir, { newInstall: false, log: console.warn });
    const response = await fetch(`${server.url}/embedded/v1/backup`, {
      method: 'POST',
      headers: { apikey: secretKey, authorization: `Bearer ${secretKey}` },
    });
    const body = (await response.json()) as { description?: string; message?: string };
    if (!response.ok)
      throw new Error(`The running server refused the backup: ${body.message ?? response.status}`);
    console.log(`Backed up the running server's database to ${body.description}`);
    return;
  }
  const opened = await openDataDir(dataDir, {
    minFreeBytes: 0,
    migrationsDir: path.resolve(root, env.MIGRATIONS_DIR),
    log: console.warn,
  });
  try {
    const file = await newBackupPath(dataDir, 'manual');
    await linkImagesInto(dataDir, file);
    await backupDatabase(opened, file);
    await linkImagesInto(dataDir, file);
    console.log(`Backed up the database to ${await describeBackup(file)}`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
