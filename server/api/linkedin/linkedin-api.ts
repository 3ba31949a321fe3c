import { ApiError } from '../api-error.ts';
import type { LinkedInConfig, LinkedInSetup } from './linkedin-config.ts';
import { linkedinPublisher, type LinkedInPublisher } from './publisher.ts';
import type { RetryPolicy } from './publish-failure.ts';
import { postResultsRefresher, type PostResultsRefresher } from './results-refresh.ts';
import { serviceClient, type ServiceBackend, type ServiceClient } from './service-backend.ts';

/** How the /api app reaches LinkedIn and the project for publishing (createApiApp's `linkedin`). */
export interface LinkedInApiOptions {
  setup: LinkedInSetup;
  /** The project with the secret key; null where the deployment has none (publishing is then off). */
  service: ServiceBackend | null;
  retry?: RetryPolicy;
  /**
   * The keys /linkedin/publish-due accepts (the project's secret keys: any of them may be the one the
   * schedule was set up with). The service's secret key is always one of them.
   */
  scheduleKeys?: string[];
  /**
   * A claim older than this is settled as left behind by a stopped run. Default 600; the database
   * never takes over a claim younger than 600 s whatever is asked (20261128000200).
   */
  staleAfterSeconds?: number;
}

export interface LinkedInContext {
  config: LinkedInConfig;
  service: ServiceClient;
  publisher: LinkedInPublisher;
  /** Post results from LinkedIn's API: by hand, and in the background after each publishing run. */
  results: PostResultsRefresher;
  scheduleKeys: string[];
  staleAfterSeconds: number;
}

export interface LinkedInState {
  /** Null until the operator has set up a LinkedIn app (and the secret key is known). */
  ready: LinkedInContext | null;
  /** What is missing, by variable name (safe to show: no values). */
  missing: string[];
}

export function linkedinState(options: LinkedInApiOptions | undefined, fetcher: typeof fetch): LinkedInState {
  if (!options) return { ready: null, missing: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'] };
  const missing = [...options.setup.missing];
  if (!options.service) missing.push('the project secret key (SUPABASE_SECRET_KEYS)');
  const config = options.setup.config;
  if (!config || !options.service) return { ready: null, missing };
  const service = serviceClient(options.service);
  return {
    ready: {
      config,
      service,
      publisher: linkedinPublisher({
        config,
        service,
        fetch: fetcher,
        ...(options.retry ? { retry: options.retry } : {}),
      }),
      results: postResultsRefresher({ config, service, fetch: fetcher }),
      scheduleKeys: [...new Set([options.service.secretKey, ...(options.scheduleKeys ?? [])])],
      staleAfterSeconds: options.staleAfterSeconds ?? 600,
    },
    missing: [],
  };
}

/** 503 naming what the server owner has to set before anyone can connect LinkedIn. */
export function requireLinkedIn(state: LinkedInState): LinkedInContext {
  if (state.ready) return state.ready;
  throw new ApiError(
    503,
    `Publishing to LinkedIn is not set up on this server: set ${state.missing.join(', ')}.`,
    'service_unavailable',
    'linkedin_not_configured',
  );
}
