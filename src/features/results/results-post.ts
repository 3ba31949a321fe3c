import type { Tables } from '@/lib/supabase/database-types';

/** A published post of the author with what the Results page needs of it. */
export interface ResultsPost {
  id: string;
  content: string;
  /** When it went out: published_at for a post the app published, else created_at (hand-marked, archive). */
  publishedAt: string;
  linkedinUrl: string | null;
  hasImage: boolean;
}

export type PostResult = Tables<'post_results'>;

/** A post and its latest results (null before any were read). */
export interface PostWithResults {
  post: ResultsPost;
  result: PostResult | null;
}
