import { safeUrl } from './safe-url';

describe('safeUrl (which link targets a chat answer may render)', () => {
  it.each([
    'https://example.com/a',
    'http://example.com/a',
    'HTTPS://EXAMPLE.COM',
    'mailto:ada@example.com',
    '#section',
    '/saved',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'example.com/https://',
    'relative/path',
  ])('drops %s (no link)', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});
