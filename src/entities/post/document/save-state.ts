import type { Post } from '../post';

/**
 * Where the autosave of the post being written stands (docs/product.md §5.6), as the dashboard
 * says it: each failure is said once, in the author's words, and the words stay on screen and in
 * this browser until a save goes through.
 */
export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; at: string }
  /** A save failed for a passing reason (offline, the server busy): it is tried again by itself. */
  | { status: 'retrying'; message: string }
  /** The server refused the words themselves (too long): the next change is tried again. */
  | { status: 'refused'; message: string }
  /** Signed out or the session ended: saved again once the author is signed in. */
  | { status: 'signed-out'; message: string }
  /** Another tab or device saved this post since it was read here: the author chooses. */
  | { status: 'conflict'; stored: Post }
  /** The post was deleted (in Saved Posts, here or elsewhere) while it was open here. */
  | { status: 'deleted' };

export const idleSave: SaveState = { status: 'idle' };

export const saveMessages = {
  retrying:
    'Your draft could not be saved: the server cannot be reached. It is kept in this browser, and saving is tried again by itself.',
  imageRetrying:
    'The image could not be uploaded, so the post is not saved yet. Your post and image are kept here, and saving is tried again by itself.',
  signedOut:
    'Your session has ended. Sign in again to save this draft; it is kept in this browser meanwhile.',
  conflict:
    'This post was changed in another tab or on another device since you opened it here. Which version do you want to keep?',
  deleted: 'This post was deleted elsewhere. Your words are still here.',
  notYet: 'Your draft is not saved yet. Check your connection and try again in a moment.',
} as const;
