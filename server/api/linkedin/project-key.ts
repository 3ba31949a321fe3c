import { sameSecret } from './encoding.ts';

/**
 * Whether `presented` is one of the project's secret keys. Every key is compared, in constant time,
 * whichever matches: how long the check takes says nothing about which key (or how much of one)
 * was right.
 */
export async function isProjectKey(presented: string, keys: readonly string[]): Promise<boolean> {
  const matches = await Promise.all(keys.map((key) => sameSecret(presented, key)));
  return matches.some(Boolean);
}
