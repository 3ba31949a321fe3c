import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { MatchedRow } from './match-results';
import type { PostResult, PostWithResults, ResultsPost } from './results-post';

/** The server's read cap (MAX_ROWS): the posts are read in pages of this size. */
const pageSize = 1000;

async function readPages<T>(
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>,
) {
  const all: T[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const { data, error } = await page(offset, offset + pageSize - 1);
    if (error) throw error;
    all.push(...(data ?? []));
    if ((data ?? []).length < pageSize) return all;
  }
}

/** The author's published posts, newest first, each with its latest results (null before any). */
export async function fetchPostsWithResults(userId: string): Promise<PostWithResults[]> {
  try {
    const [posts, results] = await Promise.all([
      readPages((from, to) =>
        getSupabase()
          .from('posts')
          .select('id, content, published_at, created_at, linkedin_post_url, image_path')
          .eq('user_id', userId)
          .eq('publish_status', 'published')
          .order('calendar_at', { ascending: false })
          .order('id', { ascending: true })
          .range(from, to),
      ),
      readPages((from, to) =>
        getSupabase()
          .from('post_results')
          .select('*')
          .eq('user_id', userId)
          .order('post_id', { ascending: true })
          .range(from, to),
      ),
    ]);
    const resultOf = new Map<string, PostResult>(results.map((result) => [result.post_id, result]));
    return posts.map((row) => {
      const post: ResultsPost = {
        id: row.id,
        content: row.content,
        publishedAt: row.published_at ?? row.created_at,
        linkedinUrl: row.linkedin_post_url,
        hasImage: row.image_path !== null,
      };
      return { post, result: resultOf.get(row.id) ?? null };
    });
  } catch (error) {
    throw userFacingError(error);
  }
}

/**
 * Stores the matched rows' figures in one call (one statement: every post's results, or none). A
 * figure the export does not give keeps its last value. Resolves with how many posts were stored.
 */
export async function saveExportResults(matched: readonly MatchedRow[], readAt: string): Promise<number> {
  const results = matched.map(({ postId, row }) => ({
    post_id: postId,
    impressions: row.impressions,
    members_reached: row.membersReached,
    reactions: row.reactions,
    comments: row.comments,
    reshares: row.reshares,
    engagements: row.engagements,
    source: 'export',
    read_at: readAt,
  }));
  try {
    const { data, error } = await getSupabase().rpc('import_post_results', { results });
    if (error) throw error;
    return data;
  } catch (error) {
    throw userFacingError(error);
  }
}
