// `npm run typecheck`: type-checks the `api` Edge Function under Deno, as Supabase will run it
// (its import map, `npm:` packages from the registry, Deno's own types), which tsc cannot do.
import { checkFunctionArgs, runDeno } from '../../harness/deno.ts';

// Generous: an empty cache downloads the function's packages first.
const { code } = await runDeno(checkFunctionArgs, { timeoutMs: 300_000, inherit: true });
process.exit(code ?? 1);
