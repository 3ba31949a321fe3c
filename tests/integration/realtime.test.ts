import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer, supabaseClient } from '../helpers/test-server.ts';

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function socketUrl(apiKey: string): string {
  return `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apiKey)}&vsn=2.0.0`;
}

describe('realtime', () => {
  it('lets supabase-js subscribe to a channel, signed out and signed in', async () => {
    for (const client of [supabaseClient(server), (await signedInClient(server)).client]) {
      const status = await new Promise<string>((resolve) => {
        client.channel('system-status').subscribe((state) => {
          if (state !== 'CLOSED') resolve(state);
        });
      });
      expect(status).toBe('SUBSCRIBED');
      await client.removeAllChannels();
      client.realtime.disconnect();
    }
  });

  it('answers heartbeats', async () => {
    const socket = new WebSocket(socketUrl(server.keys.publishableKey));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const reply = new Promise<unknown>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
    );
    socket.send(JSON.stringify([null, '7', 'phoenix', 'heartbeat', {}]));
    expect(await reply).toEqual([null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    socket.close();
  });

  it('refuses a join with a forged access token and a connection without a valid API key', async () => {
    const socket = new WebSocket(socketUrl(server.keys.publishableKey));
    await new Promise((resolve) => socket.once('open', resolve));
    const reply = new Promise<unknown[]>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(data.toString()) as unknown[])),
    );
    socket.send(
      JSON.stringify([
        '1',
        '1',
        'realtime:x',
        'phx_join',
        { config: {}, access_token: 'forged.token.value' },
      ]),
    );
    expect((await reply)[4]).toMatchObject({ status: 'error' });
    socket.close();

    const refused = new WebSocket(socketUrl('wrong-key'));
    const outcome = await new Promise<string>((resolve) => {
      refused.once('open', () => resolve('open'));
      refused.once('error', () => resolve('error'));
      refused.once('unexpected-response', () => resolve('refused'));
    });
    expect(outcome).not.toBe('open');
  });
});
