import { spawn } from 'node:child_process';
import path from 'node:path';
import type { ServerProcess } from '../harness/server-process.ts';

/**
 * Starts `server/main.ts --no-build` of the checkout at `root` (what its `npm start` runs) and
 * waits for its URL: harness/server-process.ts for another checkout (the release compared with).
 */
export async function startServerAt(root: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server/main.ts'), '--no-build'],
    { cwd: root, env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 3 minutes:\n${output}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });
  return { url, child, output: () => output, exited };
}
