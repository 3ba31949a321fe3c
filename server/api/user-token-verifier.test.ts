import { describe, expect, it } from 'vitest';
import type { TokenCheck } from '../cross-runtime/access-token.ts';
import { userTokenVerifier } from './user-token-verifier.ts';

const start = 1_800_000_000_000;

/** A verifier whose signature check is counted; tokens are "user-<sub>", valid until `exp` (s). */
function verifierAt(clock: { now: number }, exp = start / 1000 + 3600) {
  const checked: string[] = [];
  const verify = (token: string): Promise<TokenCheck> => {
    checked.push(token);
    if (token === 'down') return Promise.resolve({ ok: false, reason: 'unavailable', message: 'keys down' });
    if (!token.startsWith('user-')) return Promise.resolve({ ok: false, reason: 'invalid', message: 'bad' });
    const claims = { role: 'authenticated', sub: token.slice(5), session_id: 's-1', exp };
    return Promise.resolve({ ok: true, claims });
  };
  return { check: userTokenVerifier({ jwks: { keys: [] } }, () => clock.now, verify), checked };
}

describe('userTokenVerifier', () => {
  it('checks a token once a minute at most, and never past its own expiry', async () => {
    const clock = { now: start };
    const { check, checked } = verifierAt(clock);
    const user = { userId: 'ada', sessionId: 's-1' };
    expect(await check('user-ada')).toEqual(user);
    clock.now += 59_000;
    expect(await check('user-ada')).toEqual(user);
    expect(checked).toEqual(['user-ada']);
    clock.now += 2_000;
    expect(await check('user-ada')).toEqual(user);
    expect(checked).toEqual(['user-ada', 'user-ada']);

    // A token that expires in 10 s is remembered 10 s.
    const clock2 = { now: start };
    const expiring = verifierAt(clock2, start / 1000 + 10);
    await expiring.check('user-ada');
    clock2.now += 9_999;
    await expiring.check('user-ada');
    expect(expiring.checked).toHaveLength(1);
    clock2.now += 2;
    await expiring.check('user-ada');
    expect(expiring.checked).toHaveLength(2);
  });

  it('remembers nothing that failed: a bad token, keys out of reach, or a key that is not a user', async () => {
    const { check, checked } = verifierAt({ now: start });
    expect(await check('not-a-user')).toBeNull();
    expect(await check('not-a-user')).toBeNull();
    await expect(check('down')).rejects.toThrow('keys down');
    await expect(check('down')).rejects.toThrow('keys down');
    expect(checked).toEqual(['not-a-user', 'not-a-user', 'down', 'down']);
  });
});
