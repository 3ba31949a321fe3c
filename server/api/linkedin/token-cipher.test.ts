import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken } from './token-cipher.ts';

const key = new Uint8Array(32).fill(7);
const otherKey = new Uint8Array(32).fill(9);
const token = 'AQV-a-member-access-token-of-some-length';

describe('LinkedIn token sealing', () => {
  it('opens what it sealed, for the same user, and never shows the token in the sealed form', async () => {
    const sealed = await encryptToken(key, 'user-a', token);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(sealed).not.toContain(token.slice(0, 8));
    expect(await decryptToken(key, 'user-a', sealed)).toBe(token);
    // A fresh nonce each time: the same token never seals the same way twice.
    expect(await encryptToken(key, 'user-a', token)).not.toBe(sealed);
  });

  it('opens nothing copied to another user, sealed with another key, or damaged', async () => {
    const sealed = await encryptToken(key, 'user-a', token);
    expect(await decryptToken(key, 'user-b', sealed)).toBeNull();
    expect(await decryptToken(otherKey, 'user-a', sealed)).toBeNull();
    // One character of the ciphertext changed: the tag no longer matches.
    const at = sealed.lastIndexOf('.') + 10;
    const damaged = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(await decryptToken(key, 'user-a', damaged)).toBeNull();
    expect(await decryptToken(key, 'user-a', sealed.replace(/^v1/, 'v2'))).toBeNull();
    expect(await decryptToken(key, 'user-a', 'v1.!!.??')).toBeNull();
    expect(await decryptToken(key, 'user-a', '')).toBeNull();
  });
});
