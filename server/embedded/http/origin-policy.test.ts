import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './origin-policy.ts';

describe('isSameOrigin', () => {
  it('matches the host and port the request was addressed to', () => {
    expect(isSameOrigin('http://127.0.0.1:3000', 'http://127.0.0.1:3000/rest/v1/posts')).toBe(true);
    expect(isSameOrigin('http://localhost:3000', 'http://LOCALHOST:3000/api/models')).toBe(true);
    expect(isSameOrigin('http://127.0.0.1:3001', 'http://127.0.0.1:3000/rest/v1/posts')).toBe(false);
    expect(isSameOrigin('http://localhost:3000', 'http://127.0.0.1:3000/rest/v1/posts')).toBe(false);
  });

  it('counts a page behind a TLS proxy as the same origin, default ports included', () => {
    expect(isSameOrigin('https://posts.example.com', 'http://posts.example.com/rest/v1/posts')).toBe(true);
    expect(isSameOrigin('https://posts.example.com', 'http://posts.example.com:443/rest/v1/posts')).toBe(
      true,
    );
    expect(isSameOrigin('https://posts.example.com', 'http://posts.example.com:8443/rest/v1/posts')).toBe(
      false,
    );
  });

  it.each(['null', '', 'file://', 'chrome-extension://abc', 'not a url'])(
    'refuses the origin %j',
    (origin) => {
      expect(isSameOrigin(origin, 'http://127.0.0.1:3000/')).toBe(false);
    },
  );
});
