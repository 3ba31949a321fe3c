// `npm run lint`: Deno's linter on the Edge Function's folder, for what ESLint does not know
// (deprecated Deno APIs, Deno-specific rules). server/api stays ESLint's.
import { lintFunctionArgs, runDeno } from '../../harness/deno.ts';

const { code } = await runDeno(lintFunctionArgs, { timeoutMs: 120_000, inherit: true });
process.exit(code ?? 1);
