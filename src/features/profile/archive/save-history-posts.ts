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
 * archives. Ids in a DELETE's URL are kept well under Node's 16 kB header limit.
 */
const requestBytes = 900_000;
const idsPerDelete = 200;

const encoder = new TextEncoder();

type HistoryRow = {
  id: string;
  user_id: string;
  topic: string;
  content: string;
  is_published: true;
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
        user_id: userId,
        topic: rowTopic({ topic: '', content: post.text }),
        content: post.text,
        is_published: true as const,
        created_at: post.postedAt,
      })),
    );
  } catch (error) {
    throw new Error('This browser cannot prepare your posts here: open the app over https and try again.', {
      cause: error,
    });
  }
}

/** Removes the rows this import added before a later batch failed; best effort. */
async function removeAdded(ids: readonly string[]): Promise<boolean> {
  try {
    for (let start = 0; start < ids.length; start += idsPerDelete) {
      const { error } = await getSupabase()
        .from('posts')
        .delete()
        .in('id', ids.slice(start, start + idsPerDelete));
      if (error) return false;
    }
    return true;
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
  const topics: string[] = [];
  try {
    for (const batch of batches(rows)) {
      // Already imported (the same id): skipped by the database, and not returned.
      const { data, error } = await getSupabase()
        .from('posts')
        .upsert(batch, { onConflict: 'id', ignoreDuplicates: true })
        .select('id, topic');
      if (error) throw error;
      added.push(...data.map((row) => row.id));
      topics.push(...data.map((row) => row.topic));
    }
    // Each post added counts its topic in the ideas bank, as saving a post does (one statement).
    if (topics.length > 0) {
      const { error } = await getSupabase().rpc('record_topic_uses', { topics });
      if (error) throw error;
    }
  } catch (error) {
    if (added.length > 0 && !(await removeAdded(added)))
      throw new Error(
        'The connection failed part-way, so some of your posts were kept and some were not. Choose “Keep these posts” again to add the rest: none is added twice.',
        { cause: error },
      );
    throw userFacingError(error);
  }
  return { added: added.length, alreadyKept: rows.length - added.length };
}
