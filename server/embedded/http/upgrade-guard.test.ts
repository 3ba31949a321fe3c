import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { refuseUpgrade } from './upgrade-guard.ts';

function upgrade(headers: Record<string, string>): IncomingMessage {
  return { url: '/realtime/v1/websocket?apikey=k&vsn=1.0.0', headers } as unknown as IncomingMessage;
}

describe('refuseUpgrade', () => {
  it('accepts the page’s own origin and clients without an Origin', () => {
    expect(refuseUpgrade(upgrade({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }))).toBeNull();
    expect(refuseUpgrade(upgrade({ host: 'localhost:3000' }))).toBeNull();
  });

  it('refuses another site’s page and a rebound host name', () => {
    expect(refuseUpgrade(upgrade({ host: '127.0.0.1:3000', origin: 'https://evil.example' }))).toBe(
      'Cross-origin WebSocket from https://evil.example is not allowed',
    );
    expect(refuseUpgrade(upgrade({ host: 'rebind.evil.example:3000' }))).toBe(
      'rebind.evil.example is not an allowed host name',
    );
    expect(refuseUpgrade(upgrade({ host: 'bad host' }))).toBe('Invalid Host header');
  });

  it('accepts configured hosts and origins', () => {
    const policy = { allowedHosts: ['posts.example.com'], corsAllowedOrigins: ['https://app.example.com'] };
    expect(
      refuseUpgrade(upgrade({ host: 'posts.example.com', origin: 'https://app.example.com' }), policy),
    ).toBeNull();
  });
});
