import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './paths.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Starts `server/main.ts` — what `npm start` runs — as a child process and waits for its URL.
 * `root` is the checkout to run (the bench compares this one with an earlier release's).
 */
export async function startServerProcess(
  env: Record<string, string>,
  args: string[] = ['--no-build'],
  root = projectRoot,
): Promise<ServerProcess> {
  // Output goes to the test only; a crash shows the server's own log in the failure message.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    // A safety net only: the server is ready when it prints its URL, however long a busy machine takes.
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 3 minutes:\n${output}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });
  return { url, child, output: () => output, exited };
}
