import type { SupabaseClient } from '@supabase/supabase-js';

/** A post the LinkedIn archive import stored, as the tests read it back. */
export interface StoredHistoryPost {
  id: string;
  user_id: string;
  topic: string;
  content: string;
  is_published: boolean;
  publish_status: string;
  created_at: string;
  calendar_at: string;
}

/** The columns of StoredHistoryPost, for a select. */
export const historyPostColumns =
  'id, user_id, topic, content, is_published, publish_status, created_at, calendar_at';

/** The author's posts, newest first. */
export async function storedHistoryPosts(client: SupabaseClient): Promise<StoredHistoryPost[]> {
  const { data, error } = await client
    .from('posts')
    .select(historyPostColumns)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return data as StoredHistoryPost[];
}

/** The author's ideas bank as topic → used_count. */
export async function ideaCounts(client: SupabaseClient): Promise<Record<string, number>> {
  const { data, error } = await client.from('topic_ideas').select('topic, used_count');
  if (error) throw new Error(error.message);
  return Object.fromEntries(
    (data as { topic: string; used_count: number }[]).map((row) => [row.topic, row.used_count]),
  );
}
