import { messages } from '@/config/messages';
import { markPageLeaving, requireUserId } from '@/lib/supabase/client';
import { insertDocument, updateDocument, type SaveOutcome } from '../api/save-post-document';
import { discardImages } from '../image/post-image-files';
import { uploadPostImage } from '../image/post-images';
import { isDirty, type NewImage } from './document-state';
import { usePostDocumentStore } from './post-document-store';
import { fieldsOf, rowHolds } from './post-document';
import { saveMessages } from './save-state';

/** When a change is saved: this long after the last keystroke, and at least this often while text streams in. */
export const autosaveTiming = { quietMs: 800, maxWaitMs: 3000 } as const;
/** Waits between retries of a failed save (the last one repeats). */
const retryDelaysMs = [2000, 4000, 8000, 16_000, 30_000];

const store = usePostDocumentStore;

let quietTimer: ReturnType<typeof setTimeout> | null = null;
let maxWaitTimer: ReturnType<typeof setTimeout> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retries = 0;
let running: Promise<void> | null = null;
/** A save is forced over whatever the row holds (the author chose "Keep mine"). */
let overwrite = false;

function clearTimers(): void {
  for (const timer of [quietTimer, maxWaitTimer, retryTimer]) if (timer) clearTimeout(timer);
  quietTimer = maxWaitTimer = retryTimer = null;
}

/** Whether the document waits for the author (a conflict or a deleted row): nothing is saved by itself. */
const waitingForAuthor = () => ['conflict', 'deleted'].includes(store.getState().save.status);

/** Whether there is something the autosave may store now. */
function due(): boolean {
  const state = store.getState();
  return (
    state.ownerId !== null &&
    isDirty(state) &&
    state.doc.content.trim() !== '' &&
    // A rewrite's text is saved once it is finished (or put back); a generation's as it comes.
    state.streaming?.kind !== 'rewrite' &&
    !waitingForAuthor()
  );
}

function schedule(): void {
  if (!due()) return;
  if (quietTimer) clearTimeout(quietTimer);
  quietTimer = setTimeout(() => void saveNow(), autosaveTiming.quietMs);
  maxWaitTimer ??= setTimeout(() => void saveNow(), autosaveTiming.maxWaitMs);
}

/** A failure the next attempt may not meet (the words themselves refused) rather than a passing one. */
function refusedForGood(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  return /^(22|23|42|PGRST1)/.test(code);
}

function sessionEnded(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return (
    message === 'No authenticated user' ||
    /session expired|session has ended|JWT expired|Authentication required/i.test(message)
  );
}

/** Saves the document once; a change made meanwhile is saved by the next run. */
async function saveOnce(): Promise<void> {
  clearTimers();
  if (!due()) return;
  const state = store.getState();
  const { doc, revision } = state;
  const image: NewImage | null = state.newImage;
  store.getState().setSave({ status: 'saving' });
  try {
    const userId = await requireUserId();
    if (image && image.uploadedPath === null)
      image.uploadedPath = await uploadPostImage(userId, image.pending.image);
    const fields = fieldsOf(doc, image?.uploadedPath ?? doc.imagePath);
    const forced = overwrite;
    const outcome: SaveOutcome =
      doc.updatedAt === null
        ? await insertDocument(doc.id, fields)
        : await updateDocument(doc.id, fields, forced ? null : doc.updatedAt);
    if (forced) overwrite = false;
    retries = 0;
    // Another document was opened meanwhile: this one's row is right, and the new one is not touched.
    if (store.getState().doc.id !== doc.id) return;
    if (outcome.kind === 'deleted') {
      store.getState().setSave({ status: 'deleted' });
      return;
    }
    const post = outcome.kind === 'saved' ? outcome.post : outcome.stored;
    // A save whose answer was lost went through: the row holds these very words.
    if (outcome.kind === 'changed' && !rowHolds(post, fields)) {
      store.getState().setSave({ status: 'conflict', stored: post });
      return;
    }
    store.getState().saved(post, revision, image);
    const unused = store.getState().replacedImages.filter((path) => path !== post.image_path);
    if (unused.length > 0) {
      store.setState({ replacedImages: [] });
      void discardImages(unused);
    }
    store.getState().setSave({ status: 'saved', at: new Date().toISOString() });
  } catch (error) {
    if (store.getState().doc.id !== doc.id) return;
    const message = error instanceof Error && error.message ? error.message : saveMessages.retrying;
    if (sessionEnded(error)) {
      store.getState().setSave({ status: 'signed-out', message: saveMessages.signedOut });
    } else if (message === messages.image_quota_full) {
      store.getState().setSave({ status: 'refused', message });
      return;
    } else if (message === messages.image_upload_failed) {
      store.getState().setSave({ status: 'retrying', message: saveMessages.imageRetrying });
    } else if (refusedForGood(error)) {
      store.getState().setSave({ status: 'refused', message });
      return;
    } else {
      store.getState().setSave({ status: 'retrying', message: saveMessages.retrying });
    }
    const delay = retryDelaysMs[Math.min(retries, retryDelaysMs.length - 1)] ?? 30_000;
    retries += 1;
    retryTimer = setTimeout(() => void saveNow(), delay);
  }
}

/** Saves now (after the save in flight, if any) and then whatever changed meanwhile. */
function saveNow(): Promise<void> {
  const previous = running ?? Promise.resolve();
  const next = previous.then(saveOnce).finally(() => {
    if (running === next) running = null;
    if (due() && !retryTimer) schedule();
  });
  running = next;
  return next;
}

/**
 * Saves what is not saved yet, now, and says whether the document is safe in its row (or empty,
 * so there is nothing to keep). Used before the document is left: a new post, another post
 * opened, "Save Post", a sign-out.
 */
export async function flushPostDocument(): Promise<boolean> {
  if (running) await running;
  if (due()) await saveNow();
  const state = store.getState();
  if (state.doc.content.trim() === '') return true;
  return !isDirty(state) && state.doc.updatedAt !== null && !waitingForAuthor();
}

/** "Keep mine": this tab's words go over what the other tab or device saved. */
export function keepMine(): Promise<void> {
  overwrite = true;
  store.getState().setSave({ status: 'saving' });
  store.setState((state) => ({ revision: state.revision + 1 }));
  return saveNow();
}

/** "Use the other version": the stored words replace this tab's (which Undo brings back). */
export function useStoredVersion(): void {
  const { save } = store.getState();
  if (save.status !== 'conflict') return;
  store.getState().takeStored(save.stored);
  store.getState().setSave({ status: 'saved', at: new Date().toISOString() });
}

/** "Keep it as a new draft": the words of a deleted post become a new row. */
export function keepDeletedAsNew(): Promise<void> {
  store.getState().keepAsNew();
  store.getState().setSave({ status: 'idle' });
  return saveNow();
}

/**
 * Starts saving the document by itself: after each pause in typing, every few seconds while text
 * streams in, when the page is hidden or closed, and again when the connection comes back.
 * Call once when the app starts; returns the stop.
 */
export function startAutosave(): () => void {
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.doc.id !== previous.doc.id) {
      clearTimers();
      retries = 0;
    }
    if (state.revision !== previous.revision || state.ownerId !== previous.ownerId) schedule();
  });
  const flush = () => {
    if (due()) void saveNow();
  };
  const onLeaving = () => {
    markPageLeaving(true);
    flush();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onLeaving();
    else markPageLeaving(false);
  };
  const onOnline = () => {
    if (retryTimer) {
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    flush();
  };
  window.addEventListener('pagehide', onLeaving);
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  // A document changed before this page was left (or offline) is saved now.
  schedule();
  return () => {
    unsubscribe();
    clearTimers();
    window.removeEventListener('pagehide', onLeaving);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
