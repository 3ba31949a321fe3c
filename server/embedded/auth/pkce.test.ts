import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GoTrueError } from './gotrue-error.ts';
import { readPkceParams, verifierMatches } from './pkce.ts';

const verifier = 'dBjftJeZ4CVP-mJ92K9qhWAWs8Gs5Zd3d2YjeXbnb3k';
// S256 (RFC 7636 §4.2): BASE64URL(SHA256(verifier)), no padding.
const challenge = createHash('sha256').update(verifier).digest('base64url');

describe('readPkceParams (GoTrue validatePKCEParams)', () => {
  it('reads no PKCE from two empty fields (the implicit flow)', () => {
    expect(readPkceParams('', '')).toBeNull();
  });

  it('needs both fields', () => {
    expect(() => readPkceParams(challenge, '')).toThrow(
      'PKCE flow requires code_challenge_method and code_challenge',
    );
    expect(() => readPkceParams('', 's256')).toThrow(GoTrueError);
  });

  it('bounds the challenge to 43-128 characters of the RFC alphabet', () => {
    expect(() => readPkceParams('a'.repeat(42), 's256')).toThrow(
      'code challenge has to be between 43 and 128 characters',
    );
    expect(() => readPkceParams('a'.repeat(129), 's256')).toThrow(GoTrueError);
    expect(() => readPkceParams(`${'a'.repeat(42)}+`, 's256')).toThrow(/alphanumeric characters/);
    expect(readPkceParams(challenge, 'S256')).toEqual({ codeChallenge: challenge, method: 's256' });
    expect(() => readPkceParams(challenge, 'md5')).toThrow(/unsupported code_challenge method/);
  });
});

describe('verifierMatches', () => {
  it('checks S256 and plain challenges', () => {
    expect(verifierMatches(challenge, 's256', verifier)).toBe(true);
    expect(verifierMatches(challenge, 's256', `${verifier}x`)).toBe(false);
    expect(verifierMatches(verifier, 'plain', verifier)).toBe(true);
    expect(verifierMatches(verifier, 'plain', challenge)).toBe(false);
  });
});
