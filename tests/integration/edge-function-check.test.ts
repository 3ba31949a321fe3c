// The `api` Edge Function type-checks under Deno (from the npm package `deno`), with its import map
// and the committed deno.lock, as `supabase functions deploy` would bundle it.
import { describe, expect, it } from 'vitest';
import { checkFunctionArgs, lintFunctionArgs, runDeno } from '../../harness/deno.ts';

describe('the Edge Function under Deno', () => {
  // Generous: an empty cache downloads the function's npm: packages first.
  it('passes deno check', async () => {
    const { code, output } = await runDeno(checkFunctionArgs, { timeoutMs: 300_000 });
    expect(code, output).toBe(0);
  });

  it('passes deno lint', async () => {
    const { code, output } = await runDeno(lintFunctionArgs, { timeoutMs: 120_000 });
    expect(code, output).toBe(0);
  });
});
