import type { Context } from 'hono';
import { negotiateMedia, type ResponseMedia } from './media-type.ts';
import type { Preferences } from './parse-prefer.ts';
import type { ParsedQuery } from './query-ast.ts';
import { requestedRange } from './range.ts';
import { requestPreferences } from './request-preferences.ts';
import type { RestContext } from './run-request.ts';

export interface RequestHeaders {
  range: ReturnType<typeof requestedRange>;
  prefs: Preferences;
  media: ResponseMedia;
}

/**
 * What a table or RPC request asks for beside its query: the rows (`Range`, or the query's
 * limit and offset), its preferences (`Prefer`, refused where this server refuses them) and the
 * representation (`Accept`).
 */
export async function readRequestHeaders(
  c: Context,
  context: RestContext,
  query: Pick<ParsedQuery, 'limit' | 'offset'>,
  rpc: boolean,
): Promise<RequestHeaders> {
  return {
    range: requestedRange(c.req.method, c.req.header('range'), query.limit, query.offset),
    prefs: await requestPreferences(c.req.header('prefer'), {
      timezones: context.timezones,
      txEnd: context.txEnd,
      rpc,
    }),
    media: negotiateMedia(c.req.header('accept')),
  };
}
