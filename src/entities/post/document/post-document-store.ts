import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { releasePendingImage } from '../image/image-attachment';
import { imageActions } from './document-image-actions';
import type { Actions, DocumentState, Stored } from './document-state';
import {
  emptyHistory,
  recordChange,
  redoStep,
  sameSnapshot,
  typingLabel,
  undoStep,
  type EditHistory,
} from './edit-history';
import {
  documentCarouselOf,
  documentFromPost,
  emptyDocument,
  noDocumentCarousel,
  snapshotOf,
  type PostDocument,
} from './post-document';
import { idleSave } from './save-state';

export const documentStorageKey = 'post-writer-document';

/** How many documents' unsaved carousel edits this browser keeps. */
const keptCarouselDrafts = 5;

/**
 * Everything a document holds beside its owner, the images left to delete and the unsaved carousel
 * edits (each kept for its own document): all of it starts over.
 */
const documentStart = (
  doc: PostDocument,
): Omit<DocumentState, keyof Actions | 'ownerId' | 'replacedImages' | 'carouselDrafts'> => ({
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
        set(documentStart(doc));
      };
      const change = (doc: Partial<PostDocument>, history: EditHistory = get().history) =>
        set((state) => ({ doc: { ...state.doc, ...doc }, history, revision: state.revision + 1 }));

      return {
        ownerId: null,
        replacedImages: [],
        carouselDrafts: [],
        ...documentStart(emptyDocument()),

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

        ...imageActions(set, get, change),
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
              ...documentCarouselOf(post),
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
          const id = crypto.randomUUID();
          set((state) => ({
            doc: {
              ...doc,
              id,
              updatedAt: null,
              imagePath: null,
              plannedAt: null,
              publishStatus: 'draft',
              // The deleted post's carousel PDF went with it.
              ...noDocumentCarousel,
            },
            // The deleted post's image went with it; a picked image goes with the words, uploaded again.
            newImage: newImage && { ...newImage, uploadedPath: null },
            replacedImages: [],
            // Unsaved slides go on with the words.
            carouselDrafts: state.carouselDrafts.map((draft) =>
              draft.docId === doc.id ? { ...draft, docId: id } : draft,
            ),
            revision: state.revision + 1,
          }));
        },
        setSave: (save) => set({ save }),
        carouselSaved: (post) => {
          if (post.id !== get().doc.id) return;
          set((state) => ({
            doc: { ...state.doc, ...documentCarouselOf(post), updatedAt: post.updated_at },
          }));
        },
        keepCarouselDraft: (draft) =>
          set((state) => ({
            carouselDrafts: [
              draft,
              ...state.carouselDrafts.filter(({ docId }) => docId !== draft.docId),
            ].slice(0, keptCarouselDrafts),
          })),
        dropCarouselDraft: (docId) => {
          if (!get().carouselDrafts.some((draft) => draft.docId === docId)) return;
          set((state) => ({ carouselDrafts: state.carouselDrafts.filter((draft) => draft.docId !== docId) }));
        },
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
          set({ ownerId: userId, replacedImages: [], carouselDrafts: [] });
        },
        reset: () => {
          startOver(emptyDocument());
          set({ ownerId: null, replacedImages: [], carouselDrafts: [] });
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
      version: 2,
      storage: createJSONStorage(() => localStorage),
      // Version 2 added the carousel: a document kept before it has none.
      migrate: (persisted, version) => {
        const stored = persisted as Stored;
        if (version < 2 && typeof stored === 'object' && stored !== null && stored.doc)
          return { ...stored, doc: { ...noDocumentCarousel, ...stored.doc } };
        return stored;
      },
      partialize: (state): Stored => ({
        ownerId: state.ownerId,
        doc: storedDoc(state),
        revision: state.revision,
        savedRevision: state.savedRevision,
        replacedImages: state.replacedImages,
        carouselDrafts: state.carouselDrafts,
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
