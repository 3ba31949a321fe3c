import { describe, expect, it } from 'vitest';
import { isAllowedHost } from './host-check.ts';

describe('isAllowedHost', () => {
  it.each([
    'localhost',
    'LocalHost',
    'localhost.',
    'app.localhost',
    '127.0.0.1',
    '10.0.0.7',
    '[::1]',
    '[fe80::1]',
  ])('allows %s without configuration', (name) => expect(isAllowedHost(name)).toBe(true));

  it.each(['evil.example', '127.0.0.1.nip.io', 'localhost.evil.example', '[::1', '::1', '999.1.1.1', ''])(
    'refuses %s without configuration',
    (name) => expect(isAllowedHost(name)).toBe(false),
  );

  it('allows configured names exactly, and a leading dot for a domain with its subdomains', () => {
    const allowed = ['posts.example.com', '.corp.example', ' Spaced.Example '];
    expect(isAllowedHost('posts.example.com', allowed)).toBe(true);
    expect(isAllowedHost('POSTS.example.com.', allowed)).toBe(true);
    expect(isAllowedHost('spaced.example', allowed)).toBe(true);
    expect(isAllowedHost('corp.example', allowed)).toBe(true);
    expect(isAllowedHost('a.b.corp.example', allowed)).toBe(true);
    expect(isAllowedHost('www.posts.example.com', allowed)).toBe(false);
    expect(isAllowedHost('evilcorp.example', allowed)).toBe(false);
    expect(isAllowedHost('posts.example.com.evil.example', allowed)).toBe(false);
    expect(isAllowedHost('anything', ['', '.'])).toBe(false);
  });
});
