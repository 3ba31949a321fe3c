import { request } from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import WebSocket from 'ws';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';

/**
 * A fetch whose connections leave from `localAddress` (any 127.0.0.x works on Linux), so one test
 * can act as several clients and the server sees each as its own IP address (per-IP rate limits).
 * Node's built-in fetch cannot pick a source address, hence this small one on node:http.
 */
export function fetchFromAddress(localAddress: string): typeof fetch {
  return async (input, init) => {
    const outgoing = new Request(input, init);
    const body = outgoing.body ? Buffer.from(await outgoing.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = request(
        outgoing.url,
        {
          method: outgoing.method,
          headers: Object.fromEntries(outgoing.headers),
          localAddress,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
            }
            const status = res.statusCode ?? 500;
            const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, statusText: res.statusMessage ?? '', headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

/** A supabase-js client whose requests come from `localAddress`. */
export function supabaseClientFrom(
  server: Pick<EmbeddedServer, 'url' | 'keys'>,
  localAddress: string,
): SupabaseClient<Database> {
  return createClient<Database>(server.url, server.keys.publishableKey, {
    global: { fetch: fetchFromAddress(localAddress) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

let lastOctet = 10;

/** A loopback address no other test in this process has used: a fresh client IP for per-IP limits. */
export function freshLoopbackAddress(): string {
  lastOctet += 1;
  if (lastOctet > 254) throw new Error('out of loopback addresses for this test file');
  return `127.0.0.${lastOctet}`;
}
