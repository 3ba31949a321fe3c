import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { projectRoot } from '../helpers/database-template.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { startServerWithOwnDatabase, supabaseClient } from '../helpers/test-server.ts';

const email = 'owner@example.com';
const oldPassword = 'the forgotten passphrase';
const newPassword = 'a remembered passphrase';

let dataDir: string;
let server: EmbeddedServer | null = null;

/** `npm run reset-password -- <email>` as the owner runs it, with the password piped in. */
function resetPassword(args: string[], input: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'scripts/reset-password.ts'), ...args],
    { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(input);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

const signIn = (password: string) =>
  supabaseClient(server as EmbeddedServer).auth.signInWithPassword({ email, password });

beforeAll(async () => {
  // The script opens the install's own database, as npm start runs it.
  dataDir = await mkdtemp(path.join(tmpdir(), 'reset-password-'));
  server = await startServerWithOwnDatabase(dataDir);
  const { error } = await supabaseClient(server).auth.signUp({ email, password: oldPassword });
  if (error) throw error;
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run reset-password (no email on the embedded backend)', () => {
  it('refuses while the server runs on the data directory, and says how to go on', async () => {
    const { code, output } = await resetPassword([email], `${newPassword}\n`);
    expect(code).toBe(1);
    expect(output).toContain('The server is running on this data directory');
    expect(output).toContain('Stop it');
    expect((await signIn(oldPassword)).error).toBeNull();
  });

  it('with the server stopped, sets the new password and ends the sessions', async () => {
    const session = await signIn(oldPassword);
    await server?.close();
    server = null;

    const weak = await resetPassword([email], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password should be at least 8 characters.');
    const unknown = await resetPassword(['nobody@example.com'], `${newPassword}\n`);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('There is no account with the email address nobody@example.com');

    const { code, output } = await resetPassword([email], `${newPassword}\n`);
    expect(output).toContain(`The password of ${email} is changed`);
    expect(code).toBe(0);

    server = await startServerWithOwnDatabase(dataDir);
    expect((await signIn(oldPassword)).error?.message).toBe('Invalid login credentials');
    expect((await signIn(newPassword)).error).toBeNull();
    // Whoever held the old session is signed out.
    const refreshed = await supabaseClient(server).auth.refreshSession({
      refresh_token: session.data.session?.refresh_token ?? '',
    });
    expect(refreshed.error).not.toBeNull();
  });
});
