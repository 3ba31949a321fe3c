import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { apiKeyRole } from '../gateway/api-key.ts';
import { verifyInstallToken } from '../keys/verify-token.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';

export const realtimePath = '/realtime/v1/websocket';

/** Phoenix v2 frames as realtime-js 2.x sends them: [join_ref, ref, topic, event, payload]. */
type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/**
 * A minimal Supabase Realtime endpoint: enough for supabase-js to connect, join channels and
 * heartbeat, so the app can show its connection status. Broadcast, presence and postgres_changes
 * are not relayed (joins succeed with no subscriptions).
 */
export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  constructor(private readonly keys: ProjectKeys) {
    this.wss.on('connection', (socket) => this.onConnection(socket));
  }

  /** Handles an HTTP upgrade for the realtime path; returns false for any other path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== realtimePath) return false;
    const apiKey = url.searchParams.get('apikey') ?? request.headers.apikey;
    if (typeof apiKey !== 'string' || apiKeyRole(this.keys, apiKey) === null) {
      socket.end(
        'HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"message":"Invalid API key"}',
      );
      return true;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
    return true;
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(socket: WebSocket): void {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return; // binary frames carry broadcasts, which this server does not relay
      void this.onFrame(socket, data);
    });
    socket.on('error', () => socket.terminate());
  }

  private async onFrame(socket: WebSocket, data: RawData): Promise<void> {
    let frame: Frame;
    try {
      const parsed = JSON.parse(data.toString()) as unknown;
      if (
        !Array.isArray(parsed) ||
        parsed.length !== 5 ||
        typeof parsed[2] !== 'string' ||
        typeof parsed[3] !== 'string'
      )
        return;
      frame = parsed as Frame;
    } catch {
      return;
    }
    const [joinRef, ref, topic, event, payload] = frame;
    const reply = (status: 'ok' | 'error', response: Record<string, unknown>) =>
      this.send(socket, [joinRef, ref, topic, 'phx_reply', { status, response }]);

    if (topic === 'phoenix' && event === 'heartbeat') return reply('ok', {});
    if (event === 'phx_join') {
      const token = typeof payload?.access_token === 'string' ? payload.access_token : null;
      // Signed out, realtime-js sends the API key itself; signed in, the user's access token.
      if (token && apiKeyRole(this.keys, token) === null) {
        const verified = await verifyInstallToken(this.keys, token);
        if (!verified.ok) {
          return reply('error', {
            reason:
              verified.reason === 'expired'
                ? 'InvalidJWTToken: Token has expired'
                : 'InvalidJWTToken: Invalid token',
          });
        }
      }
      return reply('ok', { postgres_changes: [] });
    }
    if (event === 'phx_leave') {
      reply('ok', {});
      return this.send(socket, [joinRef, null, topic, 'phx_close', {}]);
    }
    if (event === 'access_token') return;
    return reply('ok', {});
  }

  private send(socket: WebSocket, frame: Frame): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  }
}
