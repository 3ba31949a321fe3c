import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import { toPost, type Post } from '@/entities/post/post';

/** "Add to queue" found no posting times: the author is sent to Settings → Schedule. */
export class NoPostingTimesError extends Error {
  constructor() {
    super('No posting times are set yet. Add them in Settings → Schedule.');
    this.name = 'NoPostingTimesError';
  }
}

/**
 * Plans a draft for the user's next free posting time (public.queue_post, which picks it in one
 * transaction, so two tabs adding at once end in two different slots) and returns it as stored.
 */
export async function queuePost(id: string): Promise<Post> {
  let result;
  try {
    result = await getSupabase().rpc('queue_post', { post_id: id }).single();
  } catch (error) {
    throw userFacingError(error);
  }
  const { data, error } = result;
  if (error) {
    if (error.hint === 'no_posting_slots') throw new NoPostingTimesError();
    throw userFacingError(error);
  }
  return toPost(data);
}
