import { browserTimeZone, isTimeZone } from '@/lib/format/time-zone';

/** The browser's time zone ("Europe/Berlin"), the schedule's default. */
export { browserTimeZone };

/** The IANA zone names the platform knows, for the zone picker (a few common ones when it cannot list them). */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const listed = intl.supportedValuesOf?.('timeZone') ?? [];
  const zones =
    listed.length > 0 ? [...listed] : ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York'];
  const own = browserTimeZone();
  if (!zones.includes(own) && isTimeZone(own)) zones.unshift(own);
  if (!zones.includes('UTC')) zones.push('UTC');
  return zones;
}
