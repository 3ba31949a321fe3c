import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Plain text; the confirmation link sits alone on its own line so it can be copied whole. */
  text: string;
}

const sender = 'AI Post Writer <no-reply@localhost>';

/** Header values must not carry line breaks (header injection): collapse any to a space. */
const headerValue = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** RFC 5322 with a UTF-8 plain-text body, which any mail client opens as it is. */
export function formatEml(email: OutgoingEmail, date: Date, messageId: string): string {
  const body = email.text.replace(/\r?\n/g, '\r\n');
  return [
    `From: ${sender}`,
    `To: ${headerValue(email.to)}`,
    `Subject: ${headerValue(email.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}@embedded-gotrue.localhost>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
    '',
  ].join('\r\n');
}

/**
 * "Sends" an email by writing it as an .eml file to `dir` (the embedded server has no SMTP).
 * The folder is 0700 and the file 0600 (a confirmation link signs its reader in), as the rest of
 * DATA_DIR. Names sort by time, so the newest message is the last one listed. Returns the path.
 */
export async function writeToOutbox(dir: string, email: OutgoingEmail, now = new Date()): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode alone; an outbox made by hand is tightened here.
  await chmod(dir, 0o700);
  const messageId = `${now.getTime()}-${randomBytes(6).toString('hex')}`;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${messageId.split('-')[1]}.eml`);
  // 'wx': never overwrite another message.
  await writeFile(file, formatEml(email, now, messageId), { mode: 0o600, flag: 'wx' });
  return file;
}
