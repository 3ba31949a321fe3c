/**
 * The embedded server's publisher clock: every `intervalMs` it calls the /api function entry that
 * publishes due posts and then reads due post results from LinkedIn (the same entry pg_cron calls
 * on hosted Supabase), with the secret key. Runs
 * never overlap. Every run, the first included, asks for the usual stale limit: a claim is taken
 * over only once it is older than that (never less than 10 minutes, enforced by the database), so
 * a "Publish now" still in flight as the server starts is never sent a second time
 * (docs/decisions/018). The entry records each run that gets through, so the app's "Scheduled
 * publishing is failing" notice works here as on hosted.
 */
export interface PublishScheduler {
  stop(): Promise<void>;
}

export function startPublishScheduler(options: {
  /** This server's address. */
  url: string;
  secretKey: string;
  intervalMs: number;
  log: (message: string) => void;
}): PublishScheduler {
  let running: Promise<void> | null = null;

  const run = () => {
    if (running) return;
    running = fetch(`${options.url}/api/linkedin/publish-due`, {
      method: 'POST',
      headers: { apikey: options.secretKey, 'content-type': 'application/json' },
      body: '{}',
    })
      .then(async (response) => {
        const text = await response.text();
        if (!response.ok) {
          options.log(`Publishing due posts failed (${response.status}): ${text.slice(0, 300)}`);
          return;
        }
        const outcome = JSON.parse(text) as {
          claimed: number;
          published: number;
          retrying: number;
          failed: number;
          results?: { members: number; read: number; refused: number; rateLimited: boolean } | null;
        };
        if (outcome.claimed > 0) {
          options.log(
            `Published ${outcome.published} of ${outcome.claimed} due posts to LinkedIn` +
              ` (${outcome.retrying} to retry, ${outcome.failed} failed).`,
          );
        }
        // Counts only: never a member, a post or a token.
        const results = outcome.results;
        if (results && (results.read > 0 || results.refused > 0 || results.rateLimited)) {
          options.log(
            `Read LinkedIn results of ${results.read} posts for ${results.members} members` +
              (results.refused > 0 ? ` (${results.refused} without the analytics permission)` : '') +
              (results.rateLimited ? ' (LinkedIn asked to slow down)' : '') +
              '.',
          );
        }
      })
      .catch((error: unknown) => options.log(`Publishing due posts failed: ${String(error)}`))
      .finally(() => {
        running = null;
      });
  };

  run();
  const timer = setInterval(run, options.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
