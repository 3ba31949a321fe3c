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

  it('lets a loopback site change ports (native apps, RFC 8252) and allows loopback addresses', () => {
    const local = { siteUrl: 'http://127.0.0.1:3000/', allowList: [] };
    expect(isRedirectAllowed(local, 'http://127.0.0.1:5173/')).toBe(true);
    expect(isRedirectAllowed(policy(), 'http://127.0.0.1:9999/x')).toBe(true);
    expect(isRedirectAllowed(policy(), 'http://10.0.0.8/x')).toBe(false);
    // A decimal host is 127.0.0.1 to a WHATWG URL (and to the browser that follows it): loopback.
    expect(isRedirectAllowed(policy(), 'http://2130706433/x')).toBe(true);
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
