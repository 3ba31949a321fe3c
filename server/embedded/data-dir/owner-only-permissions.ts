import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes `dir` and everything in it private to the server's own user: directories 0700, files
 * 0600. Run on every start, so installs made before modes were enforced are repaired too.
 * Returns how many entries had to be changed. Symbolic links are left alone (never followed), and
 * so are the `skip` names at the top (the database server's folders, which it keeps itself).
 */
export async function enforceOwnerOnly(
  dir: string,
  options: { skip?: readonly string[]; topMode?: number } = {},
): Promise<number> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const skip = new Set((options.skip ?? []).map((name) => path.join(dir, name)));
  let changed = 0;
  const visit = async (target: string): Promise<void> => {
    if (skip.has(target)) return;
    const stats = await lstat(target);
    if (stats.isSymbolicLink()) return;
    const wanted = target === dir && options.topMode ? options.topMode : stats.isDirectory() ? 0o700 : 0o600;
    if ((stats.mode & 0o777) !== wanted) {
      await chmod(target, wanted);
      changed += 1;
    }
    if (stats.isDirectory()) {
      for (const name of await readdir(target)) await visit(path.join(target, name));
    }
  };
  await visit(dir);
  return changed;
}
