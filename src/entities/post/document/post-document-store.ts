import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Post } from '../post';
import { pickImage, releasePendingImage, type PendingImage } from '../image/image-attachment';
import {
  emptyHistory,
  recordChange,
  redoStep,
  sameSnapshot,
  typingLabel,
  undoStep,
  type EditHistory,
  type Snapshot,
} from './edit-history';
import { documentFromPost, emptyDocument, snapshotOf, type PostDocument } from './post-document';
import { idleSave, type SaveState } from './save-state';

/** A picked image and, once uploaded, its object name (kept so a retried save does not upload it again). */
export type StreamKind = 'generation' | 'rewrite';

export interface NewImage {
  pending: PendingImage;
  uploadedPath: string | null;
}

interface Stored {
  /** The user the document belongs to; null until someone signs in. */
  ownerId: string | null;
  doc: PostDocument;
  /** Counts the document's changes; the autosave stored `savedRevision` of them. */
  revision: number;
  savedRevision: number;
  /** Stored images the document no longer shows: removed from Storage once the row stops pointing at them. */
  replacedImages: string[];
}

interface DocumentState extends Stored {
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

export const documentStorageKey = 'post-writer-document';

const fresh = (): Omit<DocumentState, keyof Actions> => ({
  ownerId: null,
  doc: emptyDocument(),
  revision: 0,
  savedRevision: 0,
  replacedImages: [],
  history: emptyHistory,
  historyNotice: '',
  save: idleSave,
  newImage: null,
  imagePicking: { preparing: false, error: null, note: null },
  planDraft: null,
  streaming: null,
});

type Actions = {
  [
    K in keyof DocumentState as DocumentState[K] extends (...args: never[]) => unknown ? K : never
  ]: DocumentState[K];
};

/** Whether the document has changes the row does not have yet. */
export const isDirty = (state: Pick<Stored, 'revision' | 'savedRevision'>): boolean =>
  state.revision !== state.savedRevision;

/**
 * The post on the dashboard (docs/decisions/017): one document, its undo history, its image and
 * its autosave state. The document (not its history or a picked file) is kept in this browser for
 * its owner, so a reload or a lost connection loses nothing; the row in Postgres is the post.
 */
export const usePostDocumentStore = create<DocumentState>()(
  persist(
    (set, get) => {
      /** A new document for the same owner: everything of the last one is dropped. */
      const startOver = (doc: PostDocument) => {
        releasePendingImage(get().newImage?.pending ?? null);
        set({
          doc,
          revision: 0,
          savedRevision: 0,
          history: emptyHistory,
          historyNotice: '',
          save: idleSave,
          newImage: null,
          imagePicking: { preparing: false, error: null, note: null },
          planDraft: null,
          streaming: null,
        });
      };
      const change = (doc: Partial<PostDocument>, history: EditHistory = get().history) =>
        set((state) => ({ doc: { ...state.doc, ...doc }, history, revision: state.revision + 1 }));

      return {
        ...fresh(),

        type: (content) => {
          const { doc, history } = get();
          if (content === doc.content) return;
          change({ content }, recordChange(history, snapshotOf(doc), { label: typingLabel, typing: true }));
        },
        typeFirstComment: (firstComment) => {
          const { doc, history } = get();
          if (firstComment === doc.firstComment) return;
          change(
            { firstComment },
            recordChange(history, snapshotOf(doc), { label: typingLabel, typing: true }),
          );
        },
        apply: (next, label) => {
          const { doc, history } = get();
          if (sameSnapshot({ ...snapshotOf(doc), ...next }, snapshotOf(doc))) return;
          change(next, recordChange(history, snapshotOf(doc), { label }));
        },
        beginStream: (kind) => set({ streaming: { kind, before: snapshotOf(get().doc) } }),
        stream: (next) => change({ ...next, incomplete: false }),
        commitStream: (label) => {
          const { doc, history, streaming } = get();
          if (!streaming) return;
          set({ streaming: null });
          // Nothing to go back to from a post's first words; otherwise one step.
          if (streaming.before.content === '' || sameSnapshot(streaming.before, snapshotOf(doc))) return;
          set({ history: recordChange(history, streaming.before, { label }) });
        },
        restore: () => {
          const { streaming } = get();
          if (!streaming) return;
          set({ streaming: null });
          change(streaming.before);
        },
        setIncomplete: (incomplete) => set((state) => ({ doc: { ...state.doc, incomplete } })),
        undo: () => {
          const step = undoStep(get().history, snapshotOf(get().doc));
          if (!step) return;
          change(step.snapshot, step.history);
          set({ historyNotice: `Undone: ${step.label}.` });
        },
        redo: () => {
          const step = redoStep(get().history, snapshotOf(get().doc));
          if (!step) return;
          change(step.snapshot, step.history);
          set({ historyNotice: `Redone: ${step.label}.` });
        },

        attachImage: async (files) => {
          if (get().imagePicking.preparing) return;
          const id = get().doc.id;
          set({ imagePicking: { preparing: true, error: null, note: null } });
          const result = await pickImage(files, get().doc.imageAlt);
          // The document changed while the image was read: it was picked for the other one.
          if (get().doc.id !== id) {
            if (!('error' in result)) releasePendingImage(result.pending);
            return;
          }
          if ('error' in result) {
            set({ imagePicking: { preparing: false, error: result.error, note: null } });
            return;
          }
          const { doc, newImage, replacedImages } = get();
          releasePendingImage(newImage?.pending ?? null);
          set({
            newImage: { pending: result.pending, uploadedPath: null },
            replacedImages: [...replacedImages, ...uploadedOrStored(newImage, doc.imagePath)],
            imagePicking: { preparing: false, error: null, note: result.note },
          });
          change({ imagePath: null });
        },
        setImageAlt: (imageAlt) => change({ imageAlt }),
        removeImage: () => {
          const { doc, newImage, replacedImages } = get();
          releasePendingImage(newImage?.pending ?? null);
          set({
            newImage: null,
            replacedImages: [...replacedImages, ...uploadedOrStored(newImage, doc.imagePath)],
            imagePicking: { preparing: false, error: null, note: null },
          });
          change({ imagePath: null, imageAlt: '' });
        },
        setPlanDraft: (planDraft) => set({ planDraft }),

        newDocument: () => startOver(emptyDocument()),
        open: (post) => {
          startOver(documentFromPost(post));
        },
        saved: (post, revision, image) => {
          const state = get();
          if (post.id !== state.doc.id) return;
          const stillShown = image !== null && state.newImage === image;
          const sent = image?.uploadedPath ?? null;
          set({
            doc: {
              ...state.doc,
              updatedAt: post.updated_at,
              publishStatus: post.publish_status,
              plannedAt: post.planned_at,
              // The picked image stays on screen (its local link), now stored under this name.
              imagePath: stillShown ? post.image_path : state.doc.imagePath,
            },
            // An image uploaded for this save but replaced meanwhile is not shown any more.
            replacedImages:
              sent !== null && !stillShown && post.image_path === sent
                ? [...state.replacedImages, sent]
                : state.replacedImages,
            savedRevision: revision,
          });
        },
        takeStored: (post) => {
          const { doc, history } = get();
          const stored = documentFromPost(post);
          set({
            doc: { ...stored, incomplete: false },
            history: recordChange(history, snapshotOf(doc), { label: 'your version' }),
            revision: get().revision + 1,
          });
          set((state) => ({ savedRevision: state.revision }));
        },
        keepAsNew: () => {
          const { doc, newImage } = get();
          set((state) => ({
            doc: {
              ...doc,
              id: crypto.randomUUID(),
              updatedAt: null,
              imagePath: null,
              plannedAt: null,
              publishStatus: 'draft',
            },
            // The deleted post's image went with it; a picked image goes with the words, uploaded again.
            newImage: newImage && { ...newImage, uploadedPath: null },
            replacedImages: [],
            revision: state.revision + 1,
          }));
        },
        setSave: (save) => set({ save }),
        planned: (post) => {
          if (post.id !== get().doc.id) return;
          set((state) => ({
            doc: {
              ...state.doc,
              plannedAt: post.planned_at,
              publishStatus: post.publish_status,
              updatedAt: post.updated_at,
            },
          }));
        },
        switchUser: (userId) => {
          if (userId === get().ownerId) return;
          if (userId === null) {
            // A session that ended without a sign-out keeps the document for its owner's return;
            // what is only in memory (the history, a picked file) never outlives the session.
            releasePendingImage(get().newImage?.pending ?? null);
            set({ history: emptyHistory, newImage: null, planDraft: null });
            return;
          }
          startOver(emptyDocument());
          set({ ownerId: userId, replacedImages: [] });
        },
        reset: () => {
          startOver(emptyDocument());
          set({ ownerId: null, replacedImages: [] });
        },
        adoptBrowserDraft: (draft) => {
          const state = get();
          if (draft.content.trim() === '' || state.doc.content !== '' || state.revision !== 0) return;
          if (state.ownerId !== null && draft.ownerId !== state.ownerId) return;
          set({
            ownerId: draft.ownerId,
            doc: {
              ...emptyDocument(),
              topic: draft.topic,
              content: draft.content,
              incomplete: draft.incomplete,
            },
            revision: 1,
            savedRevision: 0,
          });
        },
      };
    },
    {
      name: documentStorageKey,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): Stored => ({
        ownerId: state.ownerId,
        doc: storedDoc(state),
        revision: state.revision,
        savedRevision: state.savedRevision,
        replacedImages: state.replacedImages,
      }),
    },
  ),
);

/**
 * The document as this browser keeps it: mid-rewrite, the text from before the rewrite; mid-
 * generation, the text so far, marked incomplete so a reload cannot make a fragment look whole.
 */
function storedDoc({ doc, streaming }: Pick<DocumentState, 'doc' | 'streaming'>): PostDocument {
  if (streaming?.kind === 'rewrite') return { ...doc, ...streaming.before };
  if (streaming?.kind === 'generation') return { ...doc, incomplete: true };
  return doc;
}

/** The stored image a new pick or a removal takes the place of: the uploaded new one, else the row's. */
function uploadedOrStored(newImage: NewImage | null, imagePath: string | null): string[] {
  return [...new Set([newImage?.uploadedPath ?? null, imagePath])].filter(
    (path): path is string => path !== null,
  );
}
