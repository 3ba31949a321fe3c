// `npm run reset-password -- <email>`: sets a new password for an account of the embedded backend,
// for the owner of a server that sends no email (no AUTH_EMAIL_CONFIRMATION, so no reset links).
// Works on DATA_DIR directly, so the server must be stopped (the data directory is locked while it
// runs). The new password is asked for twice, hidden; piped in, the first line of stdin is used.
// Every session of the account is ended: whoever held it must sign in with the new password.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { readServerEnv } from '../server/config/server-env.ts';
import { endSessions, findUserByEmail, updateUser } from '../server/embedded/auth/accounts.ts';
import { hashPassword } from '../server/embedded/auth/password-hash.ts';
import { normaliseEmail, validatePasswordStrength } from '../server/embedded/auth/validate-input.ts';
import { runningServer } from '../server/embedded/data-dir/data-dir-lock.ts';
import { openDataDir } from '../server/embedded/data-dir/open-data-dir.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The first line of piped input. */
async function readPipedLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  const line = text.split(/\r?\n/)[0] ?? '';
  if (line === '') throw new Error('No new password was given.');
  return line;
}

/** One line from the terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  process.stdout.write(prompt);
  // Hide what is typed: readline echoes through _writeToOutput.
  (lines as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
  return new Promise((resolve, reject) => {
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      process.stdout.write('\n');
      resolve(line);
    });
    lines.once('close', () => {
      if (!answered) reject(new Error('No new password was given.'));
    });
  });
}

async function newPassword(minLength: number): Promise<string> {
  if (!process.stdin.isTTY) {
    const piped = await readPipedLine();
    validatePasswordStrength(piped, minLength);
    return piped;
  }
  const password = await readHidden('New password: ');
  validatePasswordStrength(password, minLength);
  if ((await readHidden('Type it again: ')) !== password)
    throw new Error('The two passwords differ. Nothing was changed.');
  return password;
}

async function main(): Promise<void> {
  const rawEmail = process.argv[2];
  if (!rawEmail || rawEmail.startsWith('-'))
    throw new Error('Usage: npm run reset-password -- <email> (with the server stopped)');
  if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  const env = readServerEnv();
  const dataDir = path.resolve(root, env.DATA_DIR);
  if (!existsSync(path.join(dataDir, 'postgres'))) throw new Error(`There is no database in ${dataDir}.`);
  const server = await runningServer(dataDir);
  if (server) {
    throw new Error(
      `The server is running on this data directory (pid ${server.pid}${server.url ? `, ${server.url}` : ''}). ` +
        'Stop it (Ctrl-C where npm start runs), then run npm run reset-password again.',
    );
  }
  const email = normaliseEmail(rawEmail);
  const password = await newPassword(env.AUTH_PASSWORD_MIN_LENGTH);
  const opened = await openDataDir(dataDir, {
    minFreeBytes: 0,
    migrationsDir: path.resolve(root, env.MIGRATIONS_DIR),
    log: console.warn,
  });
  try {
    const user = await findUserByEmail(opened.db, email);
    if (!user) throw new Error(`There is no account with the email address ${email} in ${dataDir}.`);
    await updateUser(opened.db, user.id, { passwordHash: await hashPassword(password) });
    await endSessions(opened.db, user.id, null, 'global');
  } finally {
    await opened.close();
  }
  console.log(`The password of ${email} is changed, and it is signed out everywhere. Start the server`);
  console.log('with npm start and sign in with the new password.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
