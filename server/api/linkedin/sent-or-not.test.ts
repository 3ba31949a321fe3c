import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { failedBeforeSending } from './sent-or-not.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

/** `inner` wrapped `levels` times, as layers of fetch wrappers each add a `cause`. */
const wrappedIn = (levels: number, inner: Error): Error =>
  levels === 0 ? inner : new Error(`wrapper ${levels}`, { cause: wrappedIn(levels - 1, inner) });

describe('failedBeforeSending', () => {
  it('is true for a real refused connection (undici wraps it in TypeError: fetch failed)', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error: unknown = await fetch(`http://127.0.0.1:${port}/rest/posts`, { method: 'POST' }).catch(
      (thrown: unknown) => thrown,
    );
    expect(failedBeforeSending(error)).toBe(true);
  });

  it('is true for connect-phase failures: unknown host, no route, connect timeout, Deno connect errors', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']) {
      expect(failedBeforeSending(new TypeError('fetch failed', { cause: withCode('no', code) }))).toBe(true);
    }
    const refused = withCode('connect ECONNREFUSED', 'ECONNREFUSED');
    expect(failedBeforeSending(new TypeError('fetch failed', { cause: new AggregateError([refused]) }))).toBe(
      true,
    );
    expect(
      failedBeforeSending(
        new TypeError(
          'error sending request for url (https://api.linkedin.com/rest/posts): client error (Connect): tcp connect error: Connection refused (os error 111)',
        ),
      ),
    ).toBe(true);
  });

  it('is false whenever the request may have left: timeout, reset, closed socket, anything unknown', () => {
    expect(
      failedBeforeSending(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ).toBe(false);
    expect(
      failedBeforeSending(new TypeError('fetch failed', { cause: withCode('reset', 'ECONNRESET') })),
    ).toBe(false);
    expect(
      failedBeforeSending(
        new TypeError('fetch failed', { cause: withCode('other side closed', 'UND_ERR_SOCKET') }),
      ),
    ).toBe(false);
    expect(
      failedBeforeSending(
        new TypeError(
          'error sending request for url (https://api.linkedin.com/rest/posts): connection closed before message completed',
        ),
      ),
    ).toBe(false);
    expect(failedBeforeSending(new Error('something else'))).toBe(false);
    expect(failedBeforeSending('a string')).toBe(false);
  });

  it('looks at the error and at most four causes below it, and ends on a cause that points back to itself', () => {
    const refused = () => withCode('connect ECONNREFUSED', 'ECONNREFUSED');
    expect(failedBeforeSending(wrappedIn(4, refused()))).toBe(true);
    expect(failedBeforeSending(wrappedIn(5, refused()))).toBe(false);
    const loop = new Error('loop');
    loop.cause = loop;
    expect(failedBeforeSending(loop)).toBe(false);
  });

  it('counts an AggregateError holding undefined or null reasons (Promise.any of bare rejections) as sent, without throwing', () => {
    expect(
      failedBeforeSending(new TypeError('fetch failed', { cause: new AggregateError([undefined, null]) })),
    ).toBe(false);
  });
});
