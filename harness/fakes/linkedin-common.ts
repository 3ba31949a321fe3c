/** What every fake LinkedIn route shares: its context, LinkedIn's error bodies and the gateway checks. */
import { bearerToken, header, sendJson, type HandlerContext } from './http-utils.ts';
import type { LinkedInState, LinkedInToken } from './linkedin-state.ts';
import { RETIRED_LINKEDIN_VERSIONS, type LinkedInScenario } from './scenarios.ts';

export interface LinkedInContext extends HandlerContext<LinkedInScenario> {
  /** The request path without a trailing slash. */
  path: string;
  state: LinkedInState;
  /** The fake's own base URL, for the upload URLs it hands out. */
  baseUrl: string;
}

export const INVALID_TOKEN_BODY = {
  serviceErrorCode: 65600,
  code: 'INVALID_ACCESS_TOKEN',
  message: 'Invalid access token',
  status: 401,
};

export function accessDeniedBody(resource: string) {
  return {
    status: 403,
    serviceErrorCode: 100,
    code: 'ACCESS_DENIED',
    message: `Not enough permissions to access: ${resource}`,
  };
}

/** The body LinkedIn's validation answers 422 with: one `ERROR :: /path :: reason` line per problem. */
export function validationBody(problems: string[]) {
  return { message: problems.map((problem) => `ERROR :: ${problem}\n`).join(''), status: 422 };
}

/** The caller's token, or undefined after answering 401 (unknown, expired, or no Bearer header). */
export function authenticate({ req, res, state }: LinkedInContext): LinkedInToken | undefined {
  const token = state.validToken(bearerToken(req));
  if (!token) sendJson(res, 401, INVALID_TOKEN_BODY);
  return token;
}

/**
 * Checks the headers every versioned /rest/… call needs; returns the `Linkedin-Version` header, or
 * undefined after answering the error. LinkedIn names a version YYYYMM (optionally `.RR`) and quotes
 * it back as YYYYMM01 in its messages.
 */
export function checkRestHeaders({ req, res, scenario }: LinkedInContext): string | undefined {
  const version = header(req, 'linkedin-version')?.trim();
  if (!version) {
    sendJson(res, 400, {
      status: 400,
      code: 'VERSION_MISSING',
      message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
    });
    return undefined;
  }
  const match = /^(\d{4})(0[1-9]|1[0-2])(?:\.\d{2})?$/.exec(version);
  if (!match) {
    sendJson(res, 400, {
      status: 400,
      code: 'INVALID_VERSION',
      message: `Invalid version ${version}. The LinkedIn-Version header must be formatted YYYYMM.`,
    });
    return undefined;
  }
  const month = `${match[1]}${match[2]}`;
  if ((scenario.retiredVersions ?? RETIRED_LINKEDIN_VERSIONS).includes(month)) {
    sendJson(res, 426, {
      status: 426,
      code: 'NONEXISTENT_VERSION',
      message: `Requested version ${month}01 is not active`,
    });
    return undefined;
  }
  const protocol = header(req, 'x-restli-protocol-version')?.trim();
  if (protocol !== '2.0.0') {
    const message = protocol
      ? `X-Restli-Protocol-Version ${protocol} is not supported by this resource; send X-Restli-Protocol-Version: 2.0.0.`
      : 'The X-Restli-Protocol-Version header is missing; this resource needs X-Restli-Protocol-Version: 2.0.0.';
    sendJson(res, 400, { status: 400, message });
    return undefined;
  }
  return version;
}

/** The resource name LinkedIn quotes in a 403, e.g. `partnerApiPostsExternal.CREATE.20250601`. */
export function resourceName(name: string, version: string): string {
  return `${name}.${version.slice(0, 6)}01`;
}

/** `urn:li:person:<sub>` of the token's member. */
export function personUrn(token: LinkedInToken): string {
  return `urn:li:person:${token.member.sub}`;
}
