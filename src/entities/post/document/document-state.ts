import type { Json } from '@/lib/supabase/database-types';
import type { Post } from '../post';
import type { PendingImage } from '../image/image-attachment';
import type { EditHistory, Snapshot } from './edit-history';
import type { PostDocument } from './post-document';
import type { SaveState } from './save-state';

/** What streams into the document: a generation's text is kept as it comes, a rewrite's when done. */
export type StreamKind = 'generation' | 'rewrite';

/** A picked image and, once uploaded, its object name (kept so a retried save does not upload it again). */
export interface NewImage {
  pending: PendingImage;
  uploadedPath: string | null;
}

/**
 * A carousel being edited and not yet saved with its post (docs/product.md §5.5e): its title and its
 * slides with their design, as posts.carousel_slides holds them (never the author's photo), for the
 * document `docId` only.
 */
export interface CarouselDraft {
  docId: string;
  title: string;
  slides: Json;
}

export interface Stored {
  /** The user the document belongs to; null until someone signs in. */
  ownerId: string | null;
  doc: PostDocument;
  /** Counts the document's changes; the autosave stored `savedRevision` of them. */
  revision: number;
  savedRevision: number;
  /** Stored images the document no longer shows: removed from Storage once the row stops pointing at them. */
  replacedImages: string[];
  /**
   * Unsaved carousel edits, each for one document (the open one's is restored when it is shown
   * again; another document never sees them). The last few documents' are kept, newest first.
   */
  carouselDrafts: CarouselDraft[];
}

export interface DocumentState extends Stored {
  history: EditHistory;
  /** What the last undo or redo did, for the live region ("Undone: Shorter."). */
  historyNotice: string;
  save: SaveState;
  /**
   * An image picked for the document in this page (in memory only: a file cannot be kept in local
   * storage), shown from its local link also once it is uploaded.
   */
  newImage: NewImage | null;
  imagePicking: { preparing: boolean; error: string | null; note: string | null };
  /** The "Planned for" field while the author plans the post ('' before a time is chosen), else null. */
  planDraft: string | null;
  /** Text streaming in, and what the document held before it; null when nothing streams. */
  streaming: { kind: StreamKind; before: Snapshot } | null;

  /** The author typed in the post. */
  type: (content: string) => void;
  /** The author typed in the first comment. */
  typeFirstComment: (firstComment: string) => void;
  /** One named change (a quick fix, a chosen version, a chat suggestion): one step of the history. */
  apply: (change: Partial<Snapshot>, label: string) => void;
  /**
   * Text is about to stream in. A generation's partial text is the post (kept, marked incomplete,
   * if the page goes away); a rewrite's is not until it finishes (the text from before is kept and
   * saved meanwhile).
   */
  beginStream: (kind: StreamKind) => void;
  /** Text streaming in: no step of the history until `commitStream`. */
  stream: (change: Partial<Snapshot>) => void;
  /** Ends the stream: one step named `label`, unless nothing changed. */
  commitStream: (label: string) => void;
  /** Ends the stream by putting back what the document held before it: no step. */
  restore: () => void;
  setIncomplete: (incomplete: boolean) => void;
  undo: () => void;
  redo: () => void;

  attachImage: (files: readonly File[]) => Promise<void>;
  setImageAlt: (alt: string) => void;
  removeImage: () => void;
  setPlanDraft: (value: string | null) => void;

  /** A new, empty document (the last one stays a draft, as autosaved). */
  newDocument: () => void;
  /** A stored post opened for writing. */
  open: (post: Post) => void;
  /** The autosave's report: the row as stored after saving `revision`. */
  saved: (post: Post, revision: number, image: NewImage | null) => void;
  /** The row as another tab or device left it, taken in place of this one's text (undoable). */
  takeStored: (post: Post) => void;
  /** The row is gone: go on with the same words as a new row. */
  keepAsNew: () => void;
  setSave: (save: SaveState) => void;
  /**
   * The carousel editor changed the row (saved, exported or removed the carousel): its carousel and
   * `updated_at` become the document's, so the next autosave does not take it for another tab.
   */
  carouselSaved: (post: Post) => void;
  /** The carousel editor's working state for a document, kept as the author edits. */
  keepCarouselDraft: (draft: CarouselDraft) => void;
  /** The carousel's edits were saved, discarded or removed (or match what is stored). */
  dropCarouselDraft: (docId: string) => void;
  /** The row was planned (or unplanned) through "Save and plan". */
  planned: (post: Post) => void;
  /** Another user signed in (or nobody): their own empty document, never this one. */
  switchUser: (userId: string | null) => void;
  /** An explicit sign-out: nothing of the document stays in this browser. */
  reset: () => void;
  /** A draft kept by the browser before posts were rows (version 2 of the generator's draft). */
  adoptBrowserDraft: (draft: {
    ownerId: string | null;
    topic: string;
    content: string;
    incomplete: boolean;
  }) => void;
}

/** The store's actions (its functions), apart from its state. */
export type Actions = {
  [
    K in keyof DocumentState as DocumentState[K] extends (...args: never[]) => unknown ? K : never
  ]: DocumentState[K];
};

/** Whether the document has changes the row does not have yet. */
export const isDirty = (state: Pick<Stored, 'revision' | 'savedRevision'>): boolean =>
  state.revision !== state.savedRevision;
