import { fromBase64 } from './encoding.ts';

/**
 * The LinkedIn app the operator registered ("Share on LinkedIn" and "Sign In with LinkedIn using
 * OpenID Connect"), read from the environment (docs/decisions/016). Secrets stay on the server:
 * only `linkedinSetup` (names of what is missing) is ever shown to a browser.
 */
export interface LinkedInConfig {
  clientId: string;
  clientSecret: string;
  /** Where LinkedIn sends the browser back: the app's /linkedin/callback page, registered with LinkedIn. */
  redirectUrl: string;
  /** `Linkedin-Version` (YYYYMM) of every REST call. */
  apiVersion: string;
  /** https://www.linkedin.com/oauth/v2 (or the fake's). */
  authBaseUrl: string;
  /** https://api.linkedin.com (or the fake's). */
  apiBaseUrl: string;
  /** 32 bytes that encrypt stored access tokens. */
  tokenKey: Uint8Array;
  /**
   * LINKEDIN_POST_ANALYTICS=true: the app has LinkedIn's Community Management API product, so
   * connecting asks for r_member_postAnalytics too and posts' results can be read from LinkedIn.
   * Off by default: LinkedIn refuses a connection that asks for a permission the app lacks.
   */
  postAnalytics: boolean;
}

/** A version LinkedIn supports until at least mid-2027; LINKEDIN_API_VERSION moves it on. */
export const defaultLinkedInApiVersion = '202607';
export const linkedinScopes = 'openid profile w_member_social';

/** The permissions "Connect LinkedIn" asks for with this app. */
export const linkedinScopesOf = (config: Pick<LinkedInConfig, 'postAnalytics'>): string =>
  config.postAnalytics ? `${linkedinScopes} r_member_postAnalytics` : linkedinScopes;

type Source = Partial<Record<string, unknown>>;

export interface LinkedInSetup {
  config: LinkedInConfig | null;
  /** The variables still to set (names only), or why a value is unusable. */
  missing: string[];
}

const versionPattern = /^\d{6}(\.\d{2})?$/;

/**
 * Reads LINKEDIN_* from `source`. `defaults` fills what the embedded server knows by itself (its
 * own callback URL and a token key derived from the install's secret); hosted sets them as secrets.
 */
export function readLinkedInConfig(
  source: Source,
  defaults: { redirectUrl?: string; tokenKey?: Uint8Array } = {},
): LinkedInSetup {
  const text = (name: string) => {
    const value = source[name];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const missing: string[] = [];
  const clientId = text('LINKEDIN_CLIENT_ID');
  const clientSecret = text('LINKEDIN_CLIENT_SECRET');
  const redirectUrl = text('LINKEDIN_REDIRECT_URL') ?? defaults.redirectUrl;
  if (!clientId) missing.push('LINKEDIN_CLIENT_ID');
  if (!clientSecret) missing.push('LINKEDIN_CLIENT_SECRET');
  if (!redirectUrl) missing.push('LINKEDIN_REDIRECT_URL');
  else if (!/^https?:\/\/[^/]+\/\S*$/.test(redirectUrl))
    missing.push('LINKEDIN_REDIRECT_URL (an absolute URL)');

  let tokenKey = defaults.tokenKey;
  const keyText = text('LINKEDIN_TOKEN_KEY');
  if (keyText) {
    const decoded = decodeKey(keyText);
    if (decoded?.length === 32) tokenKey = decoded;
    else missing.push('LINKEDIN_TOKEN_KEY (32 bytes, base64)');
  } else if (!tokenKey) missing.push('LINKEDIN_TOKEN_KEY');

  const apiVersion = text('LINKEDIN_API_VERSION') ?? defaultLinkedInApiVersion;
  if (!versionPattern.test(apiVersion)) missing.push('LINKEDIN_API_VERSION (YYYYMM)');

  const analyticsText = text('LINKEDIN_POST_ANALYTICS')?.toLowerCase();
  if (analyticsText !== undefined && analyticsText !== 'true' && analyticsText !== 'false') {
    missing.push('LINKEDIN_POST_ANALYTICS (true or false)');
  }

  if (missing.length > 0 || !clientId || !clientSecret || !redirectUrl || !tokenKey) {
    return { config: null, missing };
  }
  return {
    config: {
      clientId,
      clientSecret,
      redirectUrl,
      apiVersion,
      authBaseUrl: trimSlash(text('LINKEDIN_AUTH_BASE_URL') ?? 'https://www.linkedin.com/oauth/v2'),
      apiBaseUrl: trimSlash(text('LINKEDIN_API_BASE_URL') ?? 'https://api.linkedin.com'),
      tokenKey,
      postAnalytics: analyticsText === 'true',
    },
    missing: [],
  };
}

const decodeKey = (text: string): Uint8Array | null => {
  try {
    return fromBase64(text);
  } catch {
    return null;
  }
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');
