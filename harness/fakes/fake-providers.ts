/**
 * A fake Groq / Anthropic / OpenAI-compatible / Perplexity / YouTube / LinkedIn server speaking each
 * provider's real wire format (docs/wire-formats.md §7). Point the app's GROQ_BASE_URL, ANTHROPIC_BASE_URL,
 * PERPLEXITY_BASE_URL, YOUTUBE_BASE_URL and LINKEDIN_API_BASE_URL at `url`, OPENAI_COMPATIBLE_BASE_URL at
 * `${url}/openai-compatible/v1` (any OpenAI-compatible server; no key needed) and LINKEDIN_AUTH_BASE_URL
 * at `${url}/oauth/v2`.
 * Behaviour is set per provider with `setScenario` or, from another process, with the control API:
 * POST /__control/scenario {provider, scenario}, POST /__control/reset, GET /__control/requests[?provider=groq],
 * GET /__control/linkedin/posts, GET /__control/linkedin/images, GET /__control/linkedin/documents and
 * GET /__control/linkedin/document?urn=<document URN> (the PDF received).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAnthropic } from './anthropic-fake.ts';
import { handleGroq } from './groq-fake.ts';
import { isObject, parseJson, readBodyBytes, sendJson, sleep, type HandlerContext } from './http-utils.ts';
import { createLinkedInState, handleLinkedIn, linkedinRoutes, type LinkedInFake } from './linkedin-fake.ts';
import { COMPATIBLE_BASE_PATH, handleOpenAiCompatible } from './openai-compatible-fake.ts';
import { handlePerplexity } from './perplexity-fake.ts';
import {
  isProviderName,
  providerNames,
  type ProviderName,
  type RecordedRequest,
  type ScenarioMap,
} from './scenarios.ts';
import { handleYouTube } from './youtube-fake.ts';

export * from './scenarios.ts';
export { COMPATIBLE_BASE_PATH } from './openai-compatible-fake.ts';
export {
  DEFAULT_LINKEDIN_SCOPE,
  MAX_COMMENTARY_LENGTH,
  MAX_COMMENT_LENGTH,
  escapeLittleText,
  shownText,
  type LinkedInComment,
  type LinkedInDocument,
  type LinkedInFake,
  type LinkedInImage,
  type LinkedInPost,
  type LinkedInToken,
} from './linkedin-fake.ts';

export interface FakeProvidersOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Initial scenarios; `reset()` goes back to empty ones, not to these. */
  scenarios?: Partial<ScenarioMap>;
}

export interface FakeProviders {
  /** e.g. http://127.0.0.1:54321, the base URL for every provider. */
  url: string;
  close(): Promise<void>;
  /** Replaces the provider's scenario (no merge). */
  setScenario<P extends ProviderName>(provider: P, scenario: ScenarioMap[P]): void;
  /** Empty scenarios for every provider, and no recorded requests. */
  reset(): void;
  /** Every provider request received, oldest first (a live array; reset() empties it). */
  requests: RecordedRequest[];
  /** What the fake LinkedIn holds: accepted posts (with their comments), images, documents, tokens (reset() empties it too). */
  linkedin: LinkedInFake;
}

interface Route {
  method: string;
  path: string;
  provider: ProviderName;
  /** The path is followed by an id: /dms-uploads/<id>. */
  prefix?: boolean;
  /** The body is bytes (an image or a document), recorded as its length only. */
  binary?: boolean;
}

const routes: Route[] = [
  { method: 'POST', path: '/openai/v1/chat/completions', provider: 'groq' },
  { method: 'POST', path: '/v1/messages', provider: 'anthropic' },
  { method: 'GET', path: `${COMPATIBLE_BASE_PATH}/models`, provider: 'openai-compatible' },
  { method: 'POST', path: `${COMPATIBLE_BASE_PATH}/chat/completions`, provider: 'openai-compatible' },
  { method: 'POST', path: '/v1/agent', provider: 'perplexity' },
  { method: 'POST', path: '/v1/responses', provider: 'perplexity' },
  { method: 'GET', path: '/videos', provider: 'youtube' },
  { method: 'GET', path: '/youtube/v3/videos', provider: 'youtube' },
  ...linkedinRoutes.map((route) => ({ ...route, provider: 'linkedin' as const })),
];

const matches = (route: Route, path: string) =>
  route.prefix ? path.startsWith(`${route.path}/`) : route.path === path;

const emptyScenarios = (): ScenarioMap => ({
  groq: {},
  anthropic: {},
  'openai-compatible': {},
  perplexity: {},
  youtube: {},
  linkedin: {},
});

/** What a recorded request's body is: form fields and JSON parsed, image bytes only counted. */
function recordedBody(
  req: IncomingMessage,
  route: Route | undefined,
  raw: Buffer,
  json: { value: unknown; invalid: boolean },
): unknown {
  if (route?.binary) return raw.length > 0 ? { byteLength: raw.length } : undefined;
  const text = raw.toString('utf8');
  if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return json.invalid ? text : json.value;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export async function startFakeProviders(options: FakeProvidersOptions = {}): Promise<FakeProviders> {
  const scenarios: ScenarioMap = { ...emptyScenarios(), ...options.scenarios };
  const requests: RecordedRequest[] = [];
  const linkedin = createLinkedInState(() => scenarios.linkedin);
  // Known once the server listens; LinkedIn's upload URLs point back at it.
  let url = '';
  const setScenario = <P extends ProviderName>(provider: P, scenario: ScenarioMap[P]) => {
    scenarios[provider] = scenario;
  };
  const reset = () => {
    Object.assign(scenarios, emptyScenarios());
    requests.length = 0;
    linkedin.reset();
  };

  function dispatch(
    provider: ProviderName,
    context: Omit<HandlerContext<unknown>, 'scenario'>,
    path: string,
  ): void | Promise<void> {
    switch (provider) {
      case 'groq':
        return handleGroq({ ...context, scenario: scenarios.groq });
      case 'anthropic':
        return handleAnthropic({ ...context, scenario: scenarios.anthropic });
      case 'openai-compatible':
        return handleOpenAiCompatible({ ...context, scenario: scenarios['openai-compatible'], path });
      case 'perplexity':
        return handlePerplexity({ ...context, scenario: scenarios.perplexity });
      case 'youtube':
        return handleYouTube({ ...context, scenario: scenarios.youtube });
      case 'linkedin':
        return handleLinkedIn({
          ...context,
          scenario: scenarios.linkedin,
          path,
          state: linkedin,
          baseUrl: url,
        });
    }
  }

  function control(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
    body: unknown,
  ) {
    if (req.method === 'GET' && path === '/__control/health') return sendJson(res, 200, { ok: true });
    if (req.method === 'GET' && path === '/__control/requests') {
      const provider = query.get('provider');
      return sendJson(
        res,
        200,
        provider ? requests.filter((request) => request.provider === provider) : requests,
      );
    }
    if (req.method === 'GET' && path === '/__control/linkedin/posts')
      return sendJson(res, 200, linkedin.posts);
    if (req.method === 'GET' && path === '/__control/linkedin/images')
      return sendJson(res, 200, linkedin.images);
    if (req.method === 'GET' && path === '/__control/linkedin/documents')
      return sendJson(res, 200, linkedin.documents);
    // The PDF LinkedIn received for a document: GET /__control/linkedin/document?urn=urn:li:document:…
    if (req.method === 'GET' && path === '/__control/linkedin/document') {
      const bytes = linkedin.documentBytes(query.get('urn') ?? '');
      if (!bytes)
        return sendJson(res, 404, { error: { message: 'No bytes were uploaded for that document.' } });
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) });
      res.end(bytes);
      return;
    }
    if (req.method === 'POST' && path === '/__control/reset') {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === '/__control/scenario') {
      if (!isObject(body) || !isProviderName(body.provider) || !isObject(body.scenario ?? {})) {
        return sendJson(res, 400, {
          error: {
            message: `Expected {"provider": ${providerNames.map((name) => `"${name}"`).join('|')}, "scenario": {…}}`,
          },
        });
      }
      setScenario(body.provider, (body.scenario ?? {}) as ScenarioMap[typeof body.provider]);
      return sendJson(res, 200, { ok: true });
    }
    sendJson(res, 404, { error: { message: `Unknown control route: ${req.method} ${path}` } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? '/', 'http://fake.local');
    const path = requestUrl.pathname.replace(/\/+$/, '') || '/';
    const rawBody = await readBodyBytes(req);
    const json = parseJson(rawBody.toString('utf8'));
    const { value: body, invalid: bodyInvalid } = json;
    const query = requestUrl.searchParams;
    if (path.startsWith('/__control/')) return control(req, res, path, query, body);

    const route = routes.find((candidate) => matches(candidate, path));
    requests.push({
      provider: route?.provider ?? null,
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(query),
      headers: headersOf(req),
      body: recordedBody(req, route, rawBody, json),
      receivedAt: new Date().toISOString(),
    });
    if (!route)
      return sendJson(res, 404, {
        error: { message: `Not found: ${req.method} ${path}`, type: 'not_found' },
      });
    if (route.method !== req.method) {
      return sendJson(
        res,
        405,
        { error: { message: `Method not allowed: ${req.method} ${path}`, type: 'invalid_request_error' } },
        { allow: route.method },
      );
    }
    const latency = scenarios[route.provider].latencyMs ?? 0;
    if (latency > 0) await sleep(latency);
    await dispatch(route.provider, { req, res, query, body, bodyInvalid, rawBody }, path);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[fake-providers] handler failed:', error);
      if (!res.headersSent)
        sendJson(res, 500, { error: { message: String(error), type: 'fake_provider_bug' } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    requests,
    linkedin,
    setScenario,
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
