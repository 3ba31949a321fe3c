/** Small HTTP helpers shared by the fake providers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_TOKENS_PER_SECOND, type ErrorScenario, type FailFirstScenario } from './scenarios.ts';

/** What a provider handler receives: the request, the parsed body and the provider's current scenario. */
export interface HandlerContext<S> {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
  /** The parsed JSON body (undefined when absent or not JSON; see `bodyInvalid`). */
  body: unknown;
  bodyInvalid: boolean;
  /** The body's bytes as received (an image upload, a form). */
  rawBody: Buffer;
  scenario: S;
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Waits `ms` on a timer (other requests are answered meanwhile), or less if the client goes away
 * first. Resolves whether the client is still there to be answered.
 */
export function waitForClient(res: ServerResponse, ms: number): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const gone = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', gone);
      resolve(!res.destroyed);
    }, ms);
    res.once('close', gone);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** A body sent as is, with its own content type (an HTML error page, another framework's JSON). */
export function sendText(res: ServerResponse, status: number, contentType: string, body: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** An answer without a body (201 Created, 302 with `location`). */
export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-length': '0', ...headers });
  res.end();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A small HTML page, as an OAuth server shows the browser when it cannot redirect back. */
export function sendHtml(res: ServerResponse, status: number, title: string, message: string): void {
  if (res.headersSent || res.destroyed) return;
  const page = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>\n`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(page)),
  });
  res.end(page);
}

// Failures given per scenario object: setting a scenario (a new object) starts the count again.
const failuresGiven = new WeakMap<object, number>();

/** The scenario's `failFirst` error while it still has failures to give (this one is counted), else undefined. */
export function takeFirstFailure(scenario: {
  failFirst?: FailFirstScenario | undefined;
}): ErrorScenario | undefined {
  const { failFirst } = scenario;
  if (!failFirst) return undefined;
  const given = failuresGiven.get(scenario) ?? 0;
  if (given >= failFirst.times) return undefined;
  failuresGiven.set(scenario, given + 1);
  return failFirst;
}

/** Answers a scenario error: its body or the provider's default one, plus `retry-after: 1` on 429. */
export function sendScenarioError(res: ServerResponse, error: ErrorScenario, defaultBody: unknown): void {
  const headers: Record<string, string> = error.status === 429 ? { 'retry-after': '1' } : {};
  sendJson(res, error.status, error.body ?? defaultBody, { ...headers, ...error.headers });
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)/i.exec(header(req, 'authorization') ?? '');
  return match?.[1];
}

/** Word-ish tokens that keep their whitespace, so joining them gives the text back. */
export function tokenize(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Opens an event stream after the response headers. */
export function startEventStream(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
  res.flushHeaders();
}

/** Writes and resolves once the bytes have been handed to the socket. */
export function write(res: ServerResponse, chunk: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed || res.writableEnded) return resolve();
    res.write(chunk, () => resolve());
  });
}

/** Cuts the connection without ending the body (a mid-stream network failure). */
export function cutConnection(res: ServerResponse): void {
  res.socket?.destroy();
  res.destroy();
}

/**
 * Calls `emit` for the first `limit` tokens (all by default) at `tokensPerSecond`, stopping early
 * when the client has gone. Returns the number of tokens emitted.
 */
export async function pace(
  res: ServerResponse,
  tokens: readonly string[],
  tokensPerSecond: number | undefined,
  emit: (token: string) => Promise<void>,
  limit = Number.POSITIVE_INFINITY,
): Promise<number> {
  const interval = 1000 / Math.max(tokensPerSecond ?? DEFAULT_TOKENS_PER_SECOND, 0.001);
  const start = Date.now();
  for (const [index, token] of tokens.entries()) {
    if (index >= limit) return index;
    const due = start + index * interval - Date.now();
    if (due >= 1) await sleep(due);
    if (res.destroyed || res.writableEnded) return index;
    await emit(token);
  }
  return tokens.length;
}

/** The chunk count after which a stream stops early: the smaller of the defined limits. */
export function streamLimit(...limits: (number | undefined)[]): number {
  return Math.min(...limits.map((limit) => limit ?? Number.POSITIVE_INFINITY));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBodyBytes(req)).toString('utf8');
}

/** The body as bytes: an uploaded image would not survive a round trip through a UTF-8 string. */
export async function readBodyBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function parseJson(text: string): { value: unknown; invalid: boolean } {
  if (text.trim() === '') return { value: undefined, invalid: false };
  try {
    return { value: JSON.parse(text) as unknown, invalid: false };
  } catch {
    return { value: undefined, invalid: true };
  }
}
