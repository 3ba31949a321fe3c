import { httpStatusText } from '@shared/http-status-text';

/**
 * What the user reads when a provider (not our /api) refused or failed: "<Provider> API error:
 * {status} {statusText}" (docs/product.md §15) and one plain sentence of what to do. The provider's own text
 * (JSON, HTML links, rate-limit arithmetic) is never part of it: that goes to the console.
 */
export function providerFailureMessage(label: string, status: number, retryAfter: string | null): string {
  return `${label} API error: ${status} ${httpStatusText(status)}. ${whatToDo(label, status, retryAfter)}`;
}

function whatToDo(label: string, status: number, retryAfter: string | null): string {
  if (status === 429) {
    const seconds = retryAfterSeconds(retryAfter);
    return seconds === null ? 'Wait a minute, then try again.' : `Try again in ${waitText(seconds)}.`;
  }
  if (status === 401 || status === 403) {
    return `Try again later; if it keeps failing, ask whoever runs this app to check its ${label} key and quota.`;
  }
  if (status >= 500) return `${label} is having trouble right now: try again in a few minutes.`;
  return 'Please try again; if it keeps failing, ask whoever runs this app to look at the server log.';
}

/** Retry-After as seconds from now: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function waitText(seconds: number): string {
  if (seconds <= 1) return '1 second';
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Our /api reports a provider's failure as `{"error":{"code":"provider_error","message":"<Provider>
 * API error: {status} …"}}`, with its own status sometimes changed (a provider 5xx is our 502): the
 * provider's status is read back from the message.
 */
export function providerStatusIn(message: string | null, label: string, fallback: number): number {
  const match = message === null ? null : new RegExp(`^${label} API error: (\\d{3})\\b`).exec(message);
  return match?.[1] ? Number(match[1]) : fallback;
}
