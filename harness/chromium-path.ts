import { existsSync } from 'node:fs';

/** The system Chromium (Debian package or CHROMIUM_PATH); the test tool never downloads a browser. */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
  if (!found)
    throw new Error('No Chromium found: install Debian\'s "chromium" package or set CHROMIUM_PATH.');
  return found;
}
