import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { linkImagesInto } from '../data-dir/backup-images.ts';
import { describeBackup, newBackupPath } from '../data-dir/backups.ts';
import { backupDatabase, type BackupSource } from '../data-dir/backup-database.ts';
import { apiKeyRole } from '../gateway/api-key.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * POST /embedded/v1/backup: a consistent backup of the running server's database, written to
 * DATA_DIR/backups (what `npm run backup` calls while the server runs). Only for the
 * service_role key, and only from this machine.
 */
export function createBackupRoute(options: { opened: BackupSource; keys: ProjectKeys }): Hono {
  const app = new Hono();
  app.post('/backup', async (c) => {
    const address = (() => {
      try {
        return getConnInfo(c).remote.address ?? '';
      } catch {
        return '';
      }
    })();
    const key = c.req.header('apikey');
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (
      !loopback.has(address) ||
      key === undefined ||
      apiKeyRole(options.keys, key) !== 'service_role' ||
      bearer !== key
    ) {
      return c.json(
        { message: 'Backups can only be requested from this machine with the secret (service_role) key.' },
        403,
      );
    }
    const { dataDir } = options.opened;
    const file = await newBackupPath(dataDir, 'manual');
    await linkImagesInto(dataDir, file);
    await backupDatabase(options.opened, file);
    await linkImagesInto(dataDir, file);
    return c.json({ file, description: await describeBackup(file) });
  });
  return app;
}
