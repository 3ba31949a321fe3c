import { performance } from 'node:perf_hooks';
import type { Transaction } from '../server/embedded/db/database.ts';
import { runAsRole } from '../server/embedded/db/run-as-role.ts';
import { identify } from '../server/embedded/gateway/request-identity.ts';
import { buildRead } from '../server/embedded/rest/build-statements.ts';
import { loadCatalog } from '../server/embedded/rest/catalog.ts';
import { parseQuery } from '../server/embedded/rest/parse-query.ts';
import type { EmbeddedServer } from '../server/embedded/start-embedded-server.ts';
import { check } from './check.ts';
import { summarize } from './stats.ts';

/** The statement the REST layer builds for `query` on posts, and the identity of `token`. */
async function pageStatement(server: EmbeddedServer, token: string, query: string) {
  const table = (await loadCatalog(server.db)).get('posts');
  check(!!table, 'posts is not in the catalog');
  const statement = buildRead(table, parseQuery(new URLSearchParams(query).entries()), 1000).rows;
  const result = await identify(token, server.keys);
  check(result.ok, 'access token did not verify');
  return { statement, identity: result.identity };
}

/**
 * The same page below HTTP: the REST statement run through runAsRole (the claims + SET LOCAL ROLE
 * transaction each request uses), and the bare query inside one open RLS transaction.
 */
export async function timePageSql(
  server: EmbeddedServer,
  token: string,
  query: string,
  counts: { warmups: number; requests: number; pageSize: number },
) {
  const { statement, identity } = await pageStatement(server, token, query);
  const context = { method: 'GET', path: '/rest/v1/posts' };
  const runPage = async (tx: Transaction) => {
    const { rows } = await tx.query<{ n: number }>(statement.sql, statement.params);
    check(Number(rows[0]?.n) === counts.pageSize, `SQL page returned ${rows[0]?.n} rows`);
  };
  const timed = async (work: () => Promise<void>) => {
    const samples: number[] = [];
    for (let i = 0; i < counts.warmups + counts.requests; i += 1) {
      const started = performance.now();
      await work();
      if (i >= counts.warmups) samples.push(performance.now() - started);
    }
    return summarize(samples);
  };
  const perTransaction = await timed(() => runAsRole(server.db, identity, context, runPage));
  let plan = '';
  const queryOnly = await runAsRole(server.db, identity, context, async (tx) => {
    const explained = await tx.query<{ 'QUERY PLAN': string }>(`explain ${statement.sql}`, statement.params);
    plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    return timed(() => runPage(tx));
  });
  return { perTransaction, queryOnly, plan, sql: statement.sql };
}
