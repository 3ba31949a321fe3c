import { rowTopic } from '@/entities/post/document/post-document';
import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { historyPostId } from './history-post-id';
import type { ArchivePost } from './parse-shares-csv';

export interface HistorySaved {
  /** Posts added now. */
  added: number;
  /** Posts an earlier import of the same archive had already added. */
  alreadyKept: number;
}

/**
 * The data API takes a request of at most 1 MB (the embedded server's REST limit,
 * server/embedded/http-app.ts): the rows go in as few requests as fit under it, one for most
 * archives.
 */
const requestBytes = 900_000;

const encoder = new TextEncoder();

type HistoryRow = {
  id: string;
  topic: string;
  content: string;
  created_at: string;
};

/** Rows in batches of at most `requestBytes` of JSON each. */
function batches(rows: readonly HistoryRow[]): HistoryRow[][] {
  const all: HistoryRow[][] = [];
  let batch: HistoryRow[] = [];
  let size = 2;
  for (const row of rows) {
    const rowSize = encoder.encode(JSON.stringify(row)).length + 1;
    if (batch.length > 0 && size + rowSize > requestBytes) {
      all.push(batch);
      batch = [];
      size = 2;
    }
    batch.push(row);
    size += rowSize;
  }
  if (batch.length > 0) all.push(batch);
  return all;
}

/** The rows to send. The ids need the browser's crypto.subtle, which only a secure page (https, localhost) has. */
async function historyRows(userId: string, posts: readonly ArchivePost[]): Promise<HistoryRow[]> {
  try {
    return await Promise.all(
      posts.map(async (post) => ({
        id: await historyPostId(userId, post),
        topic: rowTopic({ topic: '', content: post.text }),
        content: post.text,
        created_at: post.postedAt,
      })),
    );
  } catch (error) {
    throw new Error('This browser cannot prepare your posts here: open the app over https and try again.', {
      cause: error,
    });
  }
}

/**
 * Removes the rows this import added before a later batch failed, and their counts in the ideas
 * bank (ideas it created go too), in one statement; false when even that fails.
 */
async function removeAdded(ids: readonly string[], since: string): Promise<boolean> {
  try {
    const { error } = await getSupabase().rpc('forget_history_posts', { ids: [...ids], since });
    return !error;
  } catch {
    return false;
  }
}

/**
 * Keeps the archive's posts as the author's published history: each a published post created on the
 * day it went out (the calendar places it there, docs/product.md §9.2), its topic its opening words as
 * for a post typed from scratch, counted in the ideas bank. A post already imported is left as it
 * is (and not counted again). All or nothing: when a
 * request fails, what this call added before it is removed again, and the error carries the user's
 * message.
 */
export async function saveHistoryPosts(userId: string, posts: readonly ArchivePost[]): Promise<HistorySaved> {
  const rows = await historyRows(userId, posts);
  const added: string[] = [];
  let since: string | null = null;
  try {
    for (const batch of batches(rows)) {
      // One statement per batch: its posts stored and their topics counted in the ideas bank, as
      // saving a post counts its topic, or neither. Posts already imported (the same id) are skipped.
      const { data, error } = await getSupabase().rpc('keep_history_posts', { posts: batch });
      if (error) throw error;
      for (const row of data) {
        added.push(row.id);
        since ??= row.kept_at;
      }
    }
  } catch (error) {
    if (added.length > 0 && since !== null && !(await removeAdded(added, since)))
      throw new Error(
        'The connection failed part-way, so some of your posts were kept and some were not. Choose “Keep these posts” again to add the rest: none is added twice.',
        { cause: error },
      );
    throw userFacingError(error);
  }
  return { added: added.length, alreadyKept: rows.length - added.length };
}
