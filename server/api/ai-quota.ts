import { ApiError } from './api-error.ts';
import { addressKey } from '../shared/address-key.ts';
import { createRateLimiter } from './rate-limiter.ts';

export interface AiQuotaOptions {
  /** AI requests allowed per user within the window. */
  requests: number;
  windowMs: number;
  /** AI requests allowed per client address within the window; twice `requests` by default. */
  requestsPerIp?: number | undefined;
}

export interface AiQuota {
  /** Counts one paid AI call for the user and their address, or throws a 429 with Retry-After. */
  take(userId: string, clientAddress: string | null): void;
}

// A household or an office shares one address; a few people at once should not notice the limit.
const defaultIpMultiple = 2;

/**
 * The budget for the routes that spend the server's provider keys. Per user, and also per client
 * address: accounts are free, so a per-user budget alone lets one machine spend as fast as it can
 * sign up. A refused request is charged to neither. Without a known address only the user's
 * budget applies.
 */
export function createAiQuota(options: AiQuotaOptions, now: () => number = Date.now): AiQuota {
  const { windowMs } = options;
  const perUser = createRateLimiter({ requests: options.requests, windowMs }, now);
  const perAddress = createRateLimiter(
    { requests: options.requestsPerIp ?? options.requests * defaultIpMultiple, windowMs },
    now,
  );

  return {
    take(userId, clientAddress) {
      const user = perUser.check(userId);
      if (!user.allowed) throw tooManyRequests(user.retryAfterSeconds, 'Too many requests.', 'rate_limited');
      const address = clientAddress === null ? null : addressKey(clientAddress);
      if (address !== null) {
        const network = perAddress.check(address);
        if (!network.allowed) {
          throw tooManyRequests(
            network.retryAfterSeconds,
            'Too many requests from your network.',
            'rate_limited_ip',
          );
        }
        perAddress.record(address);
      }
      perUser.record(userId);
    },
  };
}

function tooManyRequests(seconds: number, what: string, code: string): ApiError {
  return new ApiError(429, `${what} Please wait ${seconds} seconds and try again.`, 'rate_limit', code, {
    'retry-after': String(seconds),
  });
}
