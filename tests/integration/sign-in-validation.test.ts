import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useAuthStore } from '@/features/auth/auth-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startTestServer } from '../helpers/test-server.ts';

// The browser has a WebSocket; Node 20 needs one for supabase-js's realtime client.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let server: EmbeddedServer;

beforeAll(async () => {
  server = await startTestServer();
  initSupabase(server.url, server.keys.publishableKey);
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});

const specMessage = 'You must provide either an email or phone number and a password';

describe('signing in with something missing (docs/product.md §14)', () => {
  it('both fields empty: the spec message, not the server\'s "missing email or phone"', async () => {
    expect(await useAuthStore.getState().signIn('', '')).toBe(specMessage);
  });

  it('an email of spaces, or no password, gets the same message', async () => {
    expect(await useAuthStore.getState().signIn('   ', 'a password')).toBe(specMessage);
    expect(await useAuthStore.getState().signIn('someone@example.com', '')).toBe(specMessage);
  });

  it("a wrong password still gets the server's own words", async () => {
    expect(await useAuthStore.getState().signIn('nobody@example.com', 'wrong password')).toBe(
      'Invalid login credentials',
    );
  });
});
