import { userFacingError } from '@/lib/errors/store-error-message';
import { getSupabase } from '@/lib/supabase/client';
import type { DocumentFields } from '../document/post-document';
import { toPost, type Post } from '../post';

/** The ways a save can end that are not a stored row (docs/decisions/017). */
export type SaveRefusal =
  /** The row changed since `updated_at` was read: another tab or device saved it. */
  | { kind: 'changed'; stored: Post }
  /** The row is gone: deleted from Saved Posts here or elsewhere. */
  | { kind: 'deleted' };

export type SaveOutcome = { kind: 'saved'; post: Post } | SaveRefusal;

/** The row as stored now, or null when it is not there (deleted, or never written). */
export async function fetchPost(id: string): Promise<Post | null> {
  try {
    const { data, error } = await getSupabase().from('posts').select('*').eq('id', id);
    if (error) throw error;
    const [post] = data;
    return post ? toPost(post) : null;
  } catch (error) {
    throw userFacingError(error);
  }
}

/**
 * The first save of a document: its row, with the id the browser made. A retry after a lost answer
 * meets its own row (23505) and reads it back, so one document is only ever one row.
 */
export async function insertDocument(id: string, fields: DocumentFields): Promise<SaveOutcome> {
  try {
    const { data, error } = await getSupabase()
      .from('posts')
      .insert({ id, ...fields, is_published: false })
      .select()
      .single();
    if (!error) return { kind: 'saved', post: toPost(data) };
    if (error.code !== '23505') throw error;
  } catch (error) {
    throw userFacingError(error);
  }
  const stored = await fetchPost(id);
  // An id taken by a row this user cannot see is not ours to write (it cannot happen with random ids).
  if (!stored) throw new Error('This draft could not be saved. Please try again.');
  return { kind: 'changed', stored };
}

/**
 * Saves the document over the version it last read (`updated_at` = `readAt`), so a save from
 * another tab or device is never overwritten silently; `readAt` null overwrites whatever is there
 * (the author chose "Keep mine"). A row that did not match is read back to say why.
 */
export async function updateDocument(
  id: string,
  fields: DocumentFields,
  readAt: string | null,
): Promise<SaveOutcome> {
  try {
    let query = getSupabase().from('posts').update(fields).eq('id', id);
    if (readAt !== null) query = query.eq('updated_at', readAt);
    const { data, error } = await query.select();
    if (error) throw error;
    const [post] = data;
    if (post) return { kind: 'saved', post: toPost(post) };
  } catch (error) {
    throw userFacingError(error);
  }
  const stored = await fetchPost(id);
  return stored ? { kind: 'changed', stored } : { kind: 'deleted' };
}

/** The user's most recently edited draft, to offer on a device that has none open. */
export async function fetchLatestDraft(userId: string): Promise<Post | null> {
  try {
    const { data, error } = await getSupabase()
      .from('posts')
      .select('*')
      .eq('user_id', userId)
      .eq('publish_status', 'draft')
      .order('updated_at', { ascending: false })
      .limit(1);
    if (error) throw error;
    const [post] = data;
    return post ? toPost(post) : null;
  } catch (error) {
    throw userFacingError(error);
  }
}
