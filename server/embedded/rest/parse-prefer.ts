export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
}

/** Reads `Prefer: return=representation, count=exact, …` (comma-joined, as supabase-js sends it). */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null };
  for (const part of (header ?? '').split(',')) {
    const [rawKey = '', rawValue = ''] = part.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rawValue.trim().toLowerCase();
    if (key === 'return' && ['representation', 'minimal', 'headers-only'].includes(value)) {
      prefs.return = value as Preferences['return'];
    } else if (key === 'count' && ['exact', 'planned', 'estimated'].includes(value)) {
      prefs.count = value as Preferences['count'];
    } else if (key === 'resolution' && ['merge-duplicates', 'ignore-duplicates'].includes(value)) {
      prefs.resolution = value as Preferences['resolution'];
    } else if (key === 'missing' && ['default', 'null'].includes(value)) {
      prefs.missing = value as Preferences['missing'];
    }
  }
  return prefs;
}

/** The `Preference-Applied` header PostgREST sends back for what it honoured. */
export function appliedPreferences(prefs: Preferences): string | null {
  const applied = [
    prefs.return && `return=${prefs.return}`,
    prefs.count && `count=${prefs.count}`,
    prefs.resolution && `resolution=${prefs.resolution}`,
    prefs.missing && `missing=${prefs.missing}`,
  ].filter(Boolean);
  return applied.length ? applied.join(', ') : null;
}
