import { fromBase64, toBase64Url } from './encoding.ts';

/**
 * LinkedIn access tokens are stored encrypted (AES-256-GCM, WebCrypto: the same under Node and
 * Deno). The user's id is the additional data, so a token copied to another user's row does not
 * decrypt. Stored form: `v1.<iv>.<ciphertext>`, base64url.
 */
const version = 'v1';

async function importKey(key: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', Uint8Array.from(key), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const encoder = new TextEncoder();

export async function encryptToken(key: Uint8Array, userId: string, token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(userId) },
    await importKey(key),
    encoder.encode(token),
  );
  return [version, toBase64Url(iv), toBase64Url(new Uint8Array(sealed))].join('.');
}

/** The token, or null when it was sealed with another key or for another user, or is damaged. */
export async function decryptToken(key: Uint8Array, userId: string, stored: string): Promise<string | null> {
  const [tag, iv, sealed] = stored.split('.');
  if (tag !== version || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv), additionalData: encoder.encode(userId) },
      await importKey(key),
      fromBase64(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
