/**
 * The `Prefer` header as PostgREST 12/13 reads it (ApiRequest/Preferences.hs): every header value is
 * split on commas and trimmed; each preference must match exactly (case-sensitive); the first match
 * of each kind wins; anything unrecognised is collected so `handling=strict` can refuse it (PGRST122).
 */
export interface Preferences {
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  /** As asked; whether it is honoured depends on the server's txEnd (see transaction-end.ts). */
  tx: 'commit' | 'rollback' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  /** A zone name of pg_timezone_names, set as the transaction's time zone. */
  timezone: string | null;
  maxAffected: number | null;
  /** Preferences PostgREST does not know, in the order given. */
  invalid: string[];
}

const choices = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const;

type ChoiceKey = keyof typeof choices;
const choiceKeys = Object.keys(choices) as ChoiceKey[];
const accepted = new Set(choiceKeys.flatMap((key) => choices[key].map((value) => `${key}=${value}`)));

/**
 * `isTimezone` says whether a zone name is one of pg_timezone_names; an unknown zone is an invalid
 * preference, as in PostgREST. Without it every zone name counts as invalid.
 */
export function parsePrefer(
  header: string | undefined,
  isTimezone: (name: string) => boolean = () => false,
): Preferences {
  const prefs: Preferences = {
    resolution: null,
    return: null,
    count: null,
    tx: null,
    missing: null,
    handling: null,
    timezone: null,
    maxAffected: null,
    invalid: [],
  };
  const items = header ? header.split(',').map((item) => item.trim()) : [];
  let timezoneSeen = false;
  let maxAffectedSeen = false;
  for (const item of items) {
    if (accepted.has(item)) {
      setFirst(prefs, item);
    } else if (item.startsWith('timezone=') && isTimezone(item.slice('timezone='.length))) {
      if (!timezoneSeen) prefs.timezone = item.slice('timezone='.length);
      timezoneSeen = true;
    } else if (item.startsWith('max-affected=')) {
      // Haskell's readMaybe: an optional minus and digits, within Int64; anything else is ignored.
      const value = item.slice('max-affected='.length);
      if (!maxAffectedSeen && /^-?\d{1,18}$/.test(value)) prefs.maxAffected = Number(value);
      maxAffectedSeen = true;
    } else {
      prefs.invalid.push(item);
    }
  }
  return prefs;
}

/** Records `key=value` (already known to be one of `choices`) unless that kind was given earlier. */
function setFirst(prefs: Preferences, item: string): void {
  const [key, value] = item.split('=') as [ChoiceKey, string];
  const fields = prefs as unknown as Record<ChoiceKey, string | null>;
  fields[key] ??= value;
}

/** Which preferences an action reports back in `Preference-Applied` (per action, as Response.hs does). */
export type PreferenceAction = 'read' | 'insert' | 'update' | 'delete' | 'rpc';

export interface AppliedContext {
  action: PreferenceAction;
  /** Whether tx=… may override the transaction end (db-tx-end=*-allow-override). */
  txOverride: boolean;
  /** Inserts only: resolution is reported when the table has a primary key or on_conflict was given. */
  resolutionApplies?: boolean;
}

export function appliedPreferences(prefs: Preferences, context: AppliedContext): string | null {
  const { action } = context;
  const writes = action === 'insert' || action === 'update' || action === 'delete';
  const values = [
    action === 'insert' && context.resolutionApplies && prefs.resolution && `resolution=${prefs.resolution}`,
    (action === 'insert' || action === 'update') && prefs.missing && `missing=${prefs.missing}`,
    writes && prefs.return && `return=${prefs.return}`,
    prefs.count && `count=${prefs.count}`,
    context.txOverride && prefs.tx && `tx=${prefs.tx}`,
    prefs.handling && `handling=${prefs.handling}`,
    prefs.timezone && `timezone=${prefs.timezone}`,
    (action === 'update' || action === 'delete' || action === 'rpc') &&
      prefs.handling === 'strict' &&
      prefs.maxAffected !== null &&
      `max-affected=${prefs.maxAffected}`,
  ].filter((value): value is string => typeof value === 'string');
  return values.length ? values.join(', ') : null;
}
