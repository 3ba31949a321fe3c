// `npm run restore -- <backup file>`: puts a backup in place as DATA_DIR's database (the server
// must be stopped). The database it replaces is moved aside, never deleted.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readServerEnv } from '../server/config/server-env.ts';
import { restoreBackup } from '../server/embedded/data-dir/restore-backup.ts';

const root = path.resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run restore -- <backup file> (backups are in DATA_DIR/backups)');
  if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  const dataDir = path.resolve(root, readServerEnv().DATA_DIR);
  const movedTo = await restoreBackup(path.resolve(file), dataDir);
  if (movedTo) console.log(`Moved the previous database to ${movedTo}`);
  console.log(`Restored ${file} into ${dataDir}. Start the server with npm start.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
