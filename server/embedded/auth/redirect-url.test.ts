import { describe, expect, it } from 'vitest';
import { globToRegExp, isRedirectAllowed } from './redirect-url.ts';

const policy = (allowList: string[] = []) => ({ siteUrl: 'https://app.example.com', allowList });

describe('isRedirectAllowed (GoTrue IsRedirectURLValid)', () => {
  it('allows the site itself on any path, but not another scheme or port', () => {
    expect(isRedirectAllowed(policy(), 'https://app.example.com/welcome?x=1')).toBe(true);
    expect(isRedirectAllowed(policy(), 'http://app.example.com/')).toBe(false);
    expect(isRedirectAllowed(policy(), 'https://app.example.com:8443/')).toBe(false);
    expect(isRedirectAllowed(policy(), '')).toBe(false);
    expect(isRedirectAllowed(policy(), 'not a url')).toBe(false);
  });

  it('gives loopback no exemption: another port or address needs the allow list (unlike GoTrue)', () => {
    const local = { siteUrl: 'http://127.0.0.1:3000/', allowList: [] };
    expect(isRedirectAllowed(local, 'http://127.0.0.1:3000/reset-password')).toBe(true);
    expect(isRedirectAllowed(local, 'http://127.0.0.1:5173/')).toBe(false);
    expect(isRedirectAllowed(local, 'http://localhost:3000/')).toBe(false);
    expect(isRedirectAllowed(policy(), 'http://127.0.0.1:9999/x')).toBe(false);
    expect(isRedirectAllowed(policy(), 'http://[::1]:9999/x')).toBe(false);
    // A decimal host is 127.0.0.1 to a WHATWG URL (and to the browser that follows it).
    expect(isRedirectAllowed(policy(), 'http://2130706433/x')).toBe(false);
    expect(isRedirectAllowed(policy(['http://127.0.0.1:5173/**']), 'http://127.0.0.1:5173/x')).toBe(true);
    expect(isRedirectAllowed(policy(['http://localhost:5173/**']), 'http://localhost:5173/x')).toBe(true);
    // Other addresses never, whatever the list says.
    expect(isRedirectAllowed(policy(['**']), 'http://10.0.0.8/x')).toBe(false);
  });

  it('refuses control characters and spaces anywhere, as GoTrue does', () => {
    expect(isRedirectAllowed(policy(), '\thttps://app.example.com/')).toBe(false);
    expect(isRedirectAllowed(policy(), 'https://app.example.com/a b')).toBe(false);
    expect(isRedirectAllowed(policy(['**']), 'https://app.exa\nmple.com/')).toBe(false);
  });

  it('matches the allow list as globs: * within a label or segment, ** across them', () => {
    const list = policy(['https://*.example.org/auth/*', 'https://preview.example.net/**']);
    expect(isRedirectAllowed(list, 'https://team.example.org/auth/callback')).toBe(true);
    expect(isRedirectAllowed(list, 'https://a.b.example.org/auth/callback')).toBe(false);
    expect(isRedirectAllowed(list, 'https://team.example.org/auth/a/b')).toBe(false);
    expect(isRedirectAllowed(list, 'https://preview.example.net/a/b?c=d')).toBe(true);
    expect(isRedirectAllowed(list, 'https://preview.example.net.evil.com/')).toBe(false);
  });

  it('ignores the fragment when matching and refuses odd host names whatever the list says', () => {
    const list = policy(['https://preview.example.net/welcome']);
    expect(isRedirectAllowed(list, 'https://preview.example.net/welcome#access_token=x')).toBe(true);
    expect(isRedirectAllowed(policy(['**']), 'https://bad_host.example.com/')).toBe(false);
  });

  it('escapes every other character of a pattern', () => {
    expect(globToRegExp('https://a.com/(x)+').test('https://a.com/(x)+')).toBe(true);
    expect(globToRegExp('https://a.com/x').test('https://aXcom/x')).toBe(false);
  });
});
