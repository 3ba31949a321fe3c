import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useAuthStore } from '@/features/auth/auth-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startTestServer } from '../helpers/test-server.ts';

// The browser has a WebSocket; Node 20 needs one for supabase-js's realtime client.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

/**
 * A pass-through in front of the embedded server whose realtime can be "stopped": while it is,
 * open sockets are cut and every new WebSocket upgrade is refused (and counted), while REST and
 * auth keep answering.
 */
class RealtimeSwitch {
  realtimeUp = true;
  refusedUpgrades: number[] = [];
  private sockets = new Set<Socket>();
  private server: Server;

  constructor(private readonly targetPort: number) {
    this.server = createServer((client) => {
      client.once('data', (first) => {
        const upgrade = /^upgrade:\s*websocket/im.test(first.toString('latin1'));
        if (upgrade && !this.realtimeUp) {
          this.refusedUpgrades.push(Date.now());
          client.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
          return;
        }
        const upstream = connect(this.targetPort, '127.0.0.1', () => {
          upstream.write(first);
          client.pipe(upstream).pipe(client);
        });
        const end = () => {
          upstream.destroy();
          client.destroy();
          this.sockets.delete(client);
        };
        upstream.on('error', end).on('close', end);
        client.on('error', end).on('close', end);
        if (upgrade) this.sockets.add(client);
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  stopRealtime(): void {
    this.realtimeUp = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let server: EmbeddedServer;
let realtimeSwitch: RealtimeSwitch;

beforeAll(async () => {
  server = await startTestServer();
  realtimeSwitch = new RealtimeSwitch(server.port);
  const url = await realtimeSwitch.listen();
  initSupabase(url, server.keys.publishableKey);
  await useAuthStore.getState().initialize({ url, publishableKey: server.keys.publishableKey });
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await realtimeSwitch.close();
  await server.close();
});

describe('the app when the realtime server stops (docs/product.md §16 reconnect limits)', () => {
  it('reconnects 5 times, 1 s doubling, then says it has given up, and a retry reconnects', async () => {
    await expect.poll(() => getSupabase().realtime.isConnected(), { timeout: 10_000 }).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ reconnecting: false, realtimeGaveUp: false });

    const stoppedAt = Date.now();
    realtimeSwitch.stopRealtime();
    await expect.poll(() => useAuthStore.getState().reconnecting, { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => useAuthStore.getState().realtimeGaveUp, { timeout: 60_000, interval: 250 })
      .toBe(true);

    // Exactly five attempts, each after the spec's wait (1, 2, 4, 8 s between them), and no more.
    const attempts = realtimeSwitch.refusedUpgrades;
    expect(attempts).toHaveLength(5);
    const gaps = attempts.map((at, index) => at - (index === 0 ? stoppedAt : (attempts[index - 1] ?? 0)));
    [1000, 2000, 4000, 8000, 10_000].forEach((expected, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(expected - 100);
      expect(gaps[index]).toBeLessThan(expected + 3000);
    });
    expect(useAuthStore.getState()).toMatchObject({ reconnecting: false, connectionLost: false });
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(realtimeSwitch.refusedUpgrades).toHaveLength(5);

    // Back up: the retry the status offers connects again.
    realtimeSwitch.realtimeUp = true;
    useAuthStore.getState().retryRealtime();
    // Waits as long as expect.poll does (30 s): a join that times out on a busy machine (10 s) is
    // sent again by realtime-js.
    await expect.poll(() => getSupabase().realtime.isConnected()).toBe(true);
    await expect
      .poll(() => useAuthStore.getState())
      .toMatchObject({ reconnecting: false, realtimeGaveUp: false });
  });
});
