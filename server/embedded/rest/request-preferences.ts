import { parsePrefer, type Preferences } from './parse-prefer.ts';
import { enforcePreferencePolicy, type TxEnd } from './prefer-policy.ts';
import type { SqlRunner } from './sql-runner.ts';

/** The names of pg_timezone_names, read once, when a request first asks for a time zone. */
export type TimezoneNames = () => Promise<Set<string>>;

export function timezoneNames(db: SqlRunner): TimezoneNames {
  let names: Promise<Set<string>> | null = null;
  return () => {
    names ??= db.query<{ name: string }>('select name from pg_timezone_names').then(
      ({ rows }) => new Set(rows.map((row) => row.name)),
      (error: unknown) => {
        names = null;
        throw error;
      },
    );
    return names;
  };
}

export interface PreferenceContext {
  timezones: TimezoneNames;
  txEnd: TxEnd;
  rpc: boolean;
}

/** The request's preferences, once what this server refuses has been refused. */
export async function requestPreferences(
  header: string | undefined,
  context: PreferenceContext,
): Promise<Preferences> {
  const zones = header?.includes('timezone=') ? await context.timezones() : null;
  const prefs = parsePrefer(header, (name) => zones?.has(name) ?? false);
  enforcePreferencePolicy(prefs, { txEnd: context.txEnd, rpc: context.rpc });
  return prefs;
}
