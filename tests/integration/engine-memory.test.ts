import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

describe('memory after a large request', () => {
  const megabyte = 1024 * 1024;
  let server: EmbeddedServer;
  let baseline: number;

  beforeAll(async () => {
    // Started once just to learn the engine's memory right after opening.
    const probe = await startTestServer();
    baseline = probe.db.engine.heapBytes;
    await probe.close();
    server = await startTestServer({ maxEngineHeapBytes: baseline + 24 * megabyte, log: () => {} });
  });
  afterAll(() => server.close());

  it('reopens the database engine once it has grown past its limit, giving the memory back, and keeps serving', async () => {
    const user = await signedInClient(server);
    // 400 posts of 15,000 random characters: a 6 MB answer, several times that inside the engine.
    for (let batch = 0; batch < 8; batch += 1) {
      const rows = Array.from({ length: 50 }, (_, index) => ({
        topic: `Large ${batch}-${index}`,
        content: randomBytes(11_250).toString('base64'),
      }));
      expect((await user.client.from('posts').insert(rows)).error).toBeNull();
    }
    const before = server.db.engine.replacements;
    const large = await user.client.from('posts').select('id, topic, content').limit(400);
    expect(large.error).toBeNull();
    expect(large.data).toHaveLength(400);

    // The answer goes out first; the engine is reopened right after it, before the next request.
    await waitFor(() => server.db.engine.replacements === before + 1, 'the engine to be reopened');
    expect(server.db.engine.heapBytes).toBeLessThanOrEqual(baseline + 24 * megabyte);
    const after = await user.client.from('posts').select('topic', { count: 'exact', head: true });
    expect(after.count).toBe(400);
  });
});
