import type { Preferences } from './parse-prefer.ts';
import { PostgrestError } from './postgrest-error.ts';

/**
 * PostgREST's `db-tx-end`. Hosted Supabase runs the default, `commit`: there PostgREST silently
 * ignores `Prefer: tx=rollback` and commits. A local stand-in that did the same would let a "dry
 * run" write real rows without a word, and one that rolled back would teach code that breaks on
 * hosted. So by default this server refuses tx=rollback loudly; `commit-allow-override` (an option
 * of createRestRoutes) honours it as PostgREST does when so configured.
 */
export type TxEnd = 'commit' | 'commit-allow-override';

export interface PolicyContext {
  txEnd: TxEnd;
  rpc: boolean;
}

/** Refuses, before any SQL runs, what this server will not do silently. */
export function enforcePreferencePolicy(prefs: Preferences, context: PolicyContext): void {
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new PostgrestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  }
  if (prefs.tx === 'rollback' && context.txEnd === 'commit') {
    throw new PostgrestError(
      400,
      'PGRST122',
      'Prefer: tx=rollback is not allowed on this server',
      'Like hosted Supabase (PostgREST db-tx-end = commit), this server commits every request; it refuses tx=rollback instead of ignoring it.',
      'Remove Prefer: tx=rollback (supabase-js .rollback()), or start the server with txEnd commit-allow-override.',
    );
  }
  if (context.rpc && prefs.invalid.includes('params=single-object')) {
    throw new PostgrestError(
      400,
      'PGRST122',
      'Prefer: params=single-object is not supported',
      'PostgREST 13 removed params=single-object; without it the body is matched to named parameters.',
      'Give the function a single unnamed json or jsonb parameter to receive the whole body.',
    );
  }
}

/** Whether the request's transaction ends in a rollback (after the response has been computed). */
export function shouldRollback(prefs: Preferences, txEnd: TxEnd): boolean {
  return txEnd === 'commit-allow-override' && prefs.tx === 'rollback';
}
