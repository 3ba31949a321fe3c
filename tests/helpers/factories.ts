import type { SupabaseClient } from '@supabase/supabase-js';
import type { Post } from '../../src/entities/post/post.ts';
import type { Profile, ProfileFields, TopicIdea } from '../../src/lib/supabase/database-types.ts';
import { columnsOf } from '../../src/lib/writing-rules/writing-rules.ts';

/**
 * Factories that insert real rows through the REST API (supabase-js) as the given signed-in user,
 * so row-level security, defaults and constraints apply as they do for the app. Each takes
 * overrides of any column; what is left out gets a sensible default.
 */

/** A client holding a user's session, and that user's id. */
export interface Author {
  client: SupabaseClient;
  id: string;
}

let sequence = 0;
const next = () => (sequence += 1);

/** The server reads and writes at most this many rows per request (maxRows): bulk inserts are cut to it. */
const batchSize = 1000;

async function insertRows<Row>(author: Author, table: string, rows: object[]): Promise<Row[]> {
  const inserted: Row[] = [];
  for (let start = 0; start < rows.length; start += batchSize) {
    const { data, error } = await author.client
      .from(table)
      .insert(rows.slice(start, start + batchSize))
      .select();
    if (error) throw new Error(`inserting into ${table} failed: ${error.message}`);
    inserted.push(...(data as Row[]));
  }
  return inserted;
}

export const defaultProfile: ProfileFields = {
  full_name: 'Test Writer',
  company: 'Acme Test Co',
  website: null,
  about_me: 'I write about building software.',
  industry: 'Software',
  writing_style: 'Professional and formal',
  role: 'Software Engineer',
  ai_engine: 'groq',
  ai_model: 'openai/gpt-oss-120b',
  // No writing rule chosen: each follows the author's posts.
  ...columnsOf({}),
  voice_profile: null,
  // No carousel defaults: a new carousel starts light, portrait, in LinkedIn's blue.
  brand_color: null,
  carousel_theme: null,
  carousel_format: null,
};

/** Creates (or replaces) the user's profile: with one, the app skips onboarding. */
export async function buildProfile(author: Author, overrides: Partial<ProfileFields> = {}): Promise<Profile> {
  const { data, error } = await author.client
    .from('profiles')
    .upsert({ ...defaultProfile, ...overrides, id: author.id })
    .select()
    .single();
  if (error) throw new Error(`inserting the profile failed: ${error.message}`);
  return data as Profile;
}

type PostOverrides = Partial<Omit<Post, 'id' | 'user_id'>>;
type IdeaOverrides = Partial<Omit<TopicIdea, 'id' | 'user_id'>>;

const postRow = (author: Author, overrides: PostOverrides) => {
  const n = next();
  return {
    topic: `Post topic ${n}`,
    content: `The body of post ${n}.`,
    is_published: false,
    ...overrides,
    user_id: author.id,
  };
};

const ideaRow = (author: Author, overrides: IdeaOverrides) => ({
  topic: `Idea topic ${next()}`,
  used_count: 0,
  ...overrides,
  user_id: author.id,
});

export async function buildPost(author: Author, overrides: PostOverrides = {}): Promise<Post> {
  const [post] = await insertRows<Post>(author, 'posts', [postRow(author, overrides)]);
  return post as Post;
}

/** Many posts in few requests (a list of overrides, one per post). */
export function buildPosts(author: Author, overrides: PostOverrides[]): Promise<Post[]> {
  return insertRows<Post>(
    author,
    'posts',
    overrides.map((each) => postRow(author, each)),
  );
}

export async function buildIdea(author: Author, overrides: IdeaOverrides = {}): Promise<TopicIdea> {
  const [idea] = await insertRows<TopicIdea>(author, 'topic_ideas', [ideaRow(author, overrides)]);
  return idea as TopicIdea;
}

/** Many ideas in few requests (a list of overrides, one per idea). */
export function buildIdeas(author: Author, overrides: IdeaOverrides[]): Promise<TopicIdea[]> {
  return insertRows<TopicIdea>(
    author,
    'topic_ideas',
    overrides.map((each) => ideaRow(author, each)),
  );
}
