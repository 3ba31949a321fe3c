import { describe, expect, it } from 'vitest';
import { OwnerAdmission } from './owner-admission.ts';

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('OwnerAdmission', () => {
  it('gives one owner at most its share, and another owner a slot at once', async () => {
    const admission = new OwnerAdmission(4, 2);
    const granted: string[] = [];
    const releases = new Map<string, () => void>();
    for (const name of ['a1', 'a2', 'a3', 'a4'])
      void admission.acquire('a').then((release) => {
        granted.push(name);
        releases.set(name, release);
      });
    await settle();
    expect(granted).toEqual(['a1', 'a2']);
    expect(admission.waiting).toBe(2);

    void admission.acquire('b').then(() => granted.push('b'));
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b']);

    releases.get('a1')?.();
    await settle();
    expect(granted).toEqual(['a1', 'a2', 'b', 'a3']);
  });

  it('hands a freed slot to owners in turn when all slots are taken', async () => {
    const admission = new OwnerAdmission(2, 2);
    const granted: string[] = [];
    const releases: (() => void)[] = [];
    const take = (owner: string, name: string) =>
      void admission.acquire(owner).then((release) => {
        granted.push(name);
        releases.push(release);
      });
    take('a', 'a1');
    take('a', 'a2');
    take('a', 'a3');
    take('a', 'a4');
    take('b', 'b1');
    await settle();
    expect(granted).toEqual(['a1', 'a2']);
    releases[0]?.();
    await settle();
    // b waited for one of a's requests, not for all of them.
    expect(granted).toEqual(['a1', 'a2', 'b1']);
  });

  it('drops a waiting request whose requester went away, and a release is counted once', async () => {
    const admission = new OwnerAdmission(1, 1);
    const first = await admission.acquire('a');
    const controller = new AbortController();
    const waiting = admission.acquire('b', controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(admission.waiting).toBe(0);
    first();
    first();
    const [x, y] = [admission.acquire('c'), admission.acquire('d')];
    const release = await x;
    let second = false;
    void y.then(() => (second = true));
    await settle();
    expect(second).toBe(false);
    release();
    await settle();
    expect(second).toBe(true);
  });
});
