import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxEmail {
  file: string;
  to: string;
  subject: string;
  /** The confirmation link: the body's line that is a URL of /auth/v1/verify. */
  link: string | null;
}

const header = (text: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(text.split('\r\n\r\n')[0] ?? '')?.[1]?.trim() ?? '';

/** Every email the embedded auth server wrote to `outboxDir`, oldest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxEmail[]> {
  const names = await readdir(outboxDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const emails: OutboxEmail[] = [];
  for (const name of names.filter((entry) => entry.endsWith('.eml')).sort()) {
    const file = path.join(outboxDir, name);
    const text = await readFile(file, 'utf8');
    const link = /^(https?:\/\/\S+\/auth\/v1\/verify\?\S+)\r?$/m.exec(text)?.[1] ?? null;
    emails.push({ file, to: header(text, 'To'), subject: header(text, 'Subject'), link });
  }
  return emails;
}

/** The newest email to `address`, failing the test when there is none. */
export async function latestEmailTo(
  outboxDir: string,
  address: string,
): Promise<OutboxEmail & { link: string }> {
  const emails = (await readOutbox(outboxDir)).filter((email) => email.to === address);
  const latest = emails.at(-1);
  if (!latest?.link) throw new Error(`No confirmation email to ${address} in ${outboxDir}`);
  return { ...latest, link: latest.link };
}
