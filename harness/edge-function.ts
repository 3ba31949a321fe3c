import { spawn, type ChildProcess } from 'node:child_process';
import { denoEnvironment, denoExecutable, functionConfig, functionEntry, projectRoot } from './deno.ts';

/** The `api` Edge Function running under Deno on 127.0.0.1. */
export interface EdgeFunction {
  /** e.g. http://127.0.0.1:41234; the routes are under `${url}/api/…`, as Supabase routes them. */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Stops it (SIGTERM, then SIGKILL) and waits for it to end. */
  close(): Promise<void>;
}

export interface EdgeFunctionExit {
  code: number | null;
  output: string;
}

// A test that fails or a worker that is torn down must not leave a server behind.
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Spawns `deno run` on the function entry with only `env` (plus what reaching the registry needs):
 * a hosted function's environment and nothing of the test process. Hosted functions may read any
 * variable; the network is limited to 127.0.0.1 here, so a test can never reach beyond this machine.
 */
function spawnFunction(env: Record<string, string>) {
  const child = spawn(
    denoExecutable(),
    ['run', '--frozen', `--config=${functionConfig}`, '--allow-env', '--allow-net=127.0.0.1', functionEntry],
    {
      cwd: projectRoot,
      // Port 0: Deno.serve picks a free port and prints it ("Listening on http://127.0.0.1:…/").
      env: denoEnvironment({ DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let output = '';
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      output += `\n${String(error)}`;
      resolve(null);
    });
    child.once('close', (code) => resolve(code));
  });
  void exited.then(() => running.delete(child));
  return { child, output: () => output, exited };
}

/**
 * Starts the function and resolves once it answers HTTP. Generous by default: the first start on
 * an empty cache downloads its `npm:` packages. Rejects (with its output) if it exits or the time runs out.
 */
export async function startEdgeFunction(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<EdgeFunction> {
  const proc = spawnFunction(env);
  const close = async () => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
    proc.child.kill('SIGTERM');
    const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
    await proc.exited;
    clearTimeout(timer);
  };
  let ended = false;
  void proc.exited.then(() => (ended = true));
  const deadline = Date.now() + timeoutMs;
  try {
    const url = await poll(
      deadline,
      () => {
        if (ended) throw new Error(`the function exited before serving:\n${proc.output()}`);
        return /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(proc.output())?.[1] ?? null;
      },
      proc.output,
    );
    // Ready when it answers a request (any status): an unknown route is a 404 from the app itself.
    await poll(
      deadline,
      async () => {
        if (ended) throw new Error(`the function exited before answering:\n${proc.output()}`);
        const response = await fetch(`${url}/api/__ready`, { signal: AbortSignal.timeout(5_000) }).catch(
          () => null,
        );
        await response?.body?.cancel();
        return response ? true : null;
      },
      proc.output,
    );
    return { url, output: proc.output, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs the function expecting it to refuse to start; kills it (and says so) if it serves instead. */
export async function runEdgeFunctionToExit(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<EdgeFunctionExit> {
  const proc = spawnFunction(env);
  const deadline = Date.now() + timeoutMs;
  let code: number | null | undefined;
  void proc.exited.then((exitCode) => (code = exitCode));
  try {
    await poll(
      deadline,
      () => {
        if (/Listening on/.test(proc.output())) throw new Error(`the function started:\n${proc.output()}`);
        return code === undefined ? null : true;
      },
      proc.output,
    );
  } finally {
    if (code === undefined) proc.child.kill('SIGKILL');
    await proc.exited;
  }
  return { code: code ?? null, output: proc.output() };
}

/** Checks `probe` every 50 ms until it gives a value; rejects at `deadline` or when `probe` throws. */
async function poll<T>(
  deadline: number,
  probe: () => T | null | Promise<T | null>,
  output: () => string,
): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the Edge Function:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
