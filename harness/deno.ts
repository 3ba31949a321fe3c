// Deno from the npm package `deno`, for checking and running the `api` Edge Function
// (supabase/functions/api). Shared by the tests and by `npm run typecheck` / `npm run lint`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '..');
export const functionDir = path.join(projectRoot, 'supabase/functions/api');
export const functionEntry = path.join(functionDir, 'index.ts');
/** The function's import map, as `supabase functions deploy` uses it (config.toml); deno.lock beside it. */
export const functionConfig = path.join(functionDir, 'deno.json');
/** Inside node_modules: `npm ci` clears it, so a CI run downloads the function's packages once. */
export const denoDir = path.join(projectRoot, 'node_modules/.cache/deno');

/**
 * The real binary, as the package's own `bin.cjs` finds it (its platform package ships it). Run
 * directly rather than through bin.cjs, which would sit between us and Deno: a signal sent to the
 * wrapper would not reach the server.
 */
export function denoExecutable(): string {
  const require = createRequire(import.meta.url);
  const installApi = require('deno/install_api.cjs') as { runInstall(): string };
  return installApi.runInstall();
}

// Deno downloads `npm:` packages itself: it needs the registry, any proxy and the machine's CA
// bundle (NODE_EXTRA_CA_CERTS or DENO_CERT), or every `npm:` import fails (docs/toolchain.md §2.10).
const passedThrough = [
  'PATH',
  'HOME',
  'TMPDIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NPM_CONFIG_REGISTRY',
];

/**
 * A clean environment for Deno: only what reaching the registry needs, plus `extra`. Nothing else
 * of ours leaks in, so the function sees what a hosted one would be given and no more.
 */
export function denoEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of passedThrough) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  // Under `npm run`, a registry set in .npmrc arrives lower-case; Deno reads the upper-case name.
  const npmRegistry = process.env.npm_config_registry;
  if (!env.NPM_CONFIG_REGISTRY && npmRegistry) env.NPM_CONFIG_REGISTRY = npmRegistry;
  // The system's trust store too: a machine whose CA is installed there needs no variable at all.
  env.DENO_TLS_CA_STORE ??= 'mozilla,system';
  return { ...env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...extra };
}

export interface DenoResult {
  code: number | null;
  output: string;
}

/** Runs a Deno command to its end (killed after `timeoutMs`); stdio is captured, or shown with `inherit`. */
export function runDeno(
  args: string[],
  options: { timeoutMs: number; inherit?: boolean },
): Promise<DenoResult> {
  const child = spawn(denoExecutable(), args, {
    cwd: projectRoot,
    env: denoEnvironment(),
    stdio: options.inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`deno ${args.join(' ')} did not finish within ${options.timeoutMs} ms:\n${output}`));
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** `deno check` of the function entry and everything it imports (server/api, server/cross-runtime, shared), against deno.lock. */
export const checkFunctionArgs = ['check', '--frozen', `--config=${functionConfig}`, functionEntry];

/** `deno lint` of the function's own folder (server/api is ESLint's). */
export const lintFunctionArgs = ['lint', `--config=${functionConfig}`, path.dirname(functionDir)];
