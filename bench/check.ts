/** Fails the whole benchmark: a wrong answer makes its numbers meaningless. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`sanity check failed: ${message}`);
}
