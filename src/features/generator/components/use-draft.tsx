import { useEffect, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { timers } from '@/config/timers';
import { formatPlanTime } from '@/lib/format/format-plan-time';
import { toast } from '@/lib/toast/toast';
import {
  flushPostDocument,
  keepDeletedAsNew,
  keepMine,
  useStoredVersion,
} from '@/entities/post/document/autosave';
import { redoName, undoName, type Snapshot } from '@/entities/post/document/edit-history';
import { planDocument } from '@/entities/post/document/plan-document';
import { queueDocument } from '@/entities/post/document/queue-document';
import type { Post } from '@/entities/post/post';
import { queueTimeZone, useScheduleStore } from '@/entities/post/queue/schedule-store';
import { rowTopic, type PostDocument } from '@/entities/post/document/post-document';
import { isDirty } from '@/entities/post/document/document-state';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { saveMessages, type SaveState } from '@/entities/post/document/save-state';
import { useDocumentImage, type DocumentImage } from '@/entities/post/document/use-document-image';
import type { EditorHistory } from '@/entities/post/ui/post-editor-card';
import { SaveProblem } from '@/entities/post/ui/save-status';
import type { AppliedFix } from '@/entities/post/check/fix';

/** The post just saved, shown with "Saved" for a moment while the next document is already open. */
export interface SavedPost {
  content: string;
  firstComment: string;
}

export interface Draft {
  doc: PostDocument;
  /** The document holds words (typed or generated). */
  hasText: boolean;
  /** The document is a post worth a "New post" (words, or a stored row). */
  hasPost: boolean;
  dirty: boolean;
  save: SaveState;
  history: EditorHistory;
  image: DocumentImage;
  planDraft: string | null;
  setPlanDraft: (value: string | null) => void;
  type: (content: string) => void;
  typeFirstComment: (firstComment: string) => void;
  apply: (change: Partial<Snapshot>, label: string) => void;
  /** A fix of the post check: one step named by its button; a moved link joins the first comment. */
  applyFix: (edit: AppliedFix) => void;
  /** "Save Post" / "Save and plan": done with this post; the next one starts empty. */
  finish: (plannedAt: Date | null) => Promise<void>;
  /** "Add to queue": files the post planned for the next free posting time; the next one starts empty. */
  queue: () => Promise<Post>;
  saveState: 'idle' | 'saving' | 'saved';
  justSaved: SavedPost | null;
  dismissSaved: () => void;
  /** "New post": the open post stays a draft (once it is safely stored), and an empty one opens. */
  startNew: () => Promise<void>;
  /** What the author must know or decide about the autosave, above the post (or nothing). */
  problem: ReactNode;
}

/**
 * The dashboard's hold on the post being written (the document of entities/post): its words,
 * history, image and plan, its autosave, and "Save Post" (docs/product.md §5.6).
 */
export function useDraft(onPostSaved: (topic: string) => Promise<void>): Draft {
  const state = usePostDocumentStore(
    useShallow((store) => ({
      doc: store.doc,
      dirty: isDirty(store),
      save: store.save,
      history: store.history,
      notice: store.historyNotice,
      planDraft: store.planDraft,
    })),
  );
  const store = usePostDocumentStore.getState();
  const image = useDocumentImage();
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [justSaved, setJustSaved] = useState<SavedPost | null>(null);

  useEffect(() => {
    if (saveState !== 'saved') return;
    // "Saved" shows for 3 s over the post just saved; the next document is already the open one.
    const timer = setTimeout(() => {
      setJustSaved(null);
      setSaveState('idle');
    }, timers.savedFlagMs);
    return () => clearTimeout(timer);
  }, [saveState]);

  const dismissSaved = () => {
    setJustSaved(null);
    setSaveState('idle');
  };

  async function finish(plannedAt: Date | null) {
    const { doc } = usePostDocumentStore.getState();
    if (doc.content.trim() === '') return;
    setSaveState('saving');
    try {
      if (!(await flushPostDocument())) {
        setSaveState('idle');
        // The problem is already said above the post (once); a toast says it only when it is not.
        if (!shownAbove(usePostDocumentStore.getState().save))
          toast.error(saveFailure(usePostDocumentStore.getState().save));
        return;
      }
      if (plannedAt) await planDocument(plannedAt);
    } catch (caught) {
      setSaveState('idle');
      toast.error(caught instanceof Error && caught.message ? caught.message : 'Failed to save post');
      return;
    }
    await filed();
    toast.success(
      plannedAt
        ? `Post saved and planned for ${formatPlanTime(plannedAt, queueTimeZone(useScheduleStore.getState().schedule))}.`
        : 'Post saved successfully!',
    );
  }

  /** The post is stored (and planned, if asked): its topic counts, and the next post starts. */
  async function filed() {
    const saved = usePostDocumentStore.getState().doc;
    try {
      await onPostSaved(rowTopic(saved));
    } catch (error) {
      console.error('The post was saved, but its topic could not be added to the ideas bank', error);
    }
    setJustSaved({ content: saved.content, firstComment: saved.firstComment });
    usePostDocumentStore.getState().newDocument();
    setSaveState('saved');
  }

  /** Like "Save and plan", with the time picked by the queue; rejects with why (shown by the caller). */
  async function queue(): Promise<Post> {
    setSaveState('saving');
    let post: Post;
    try {
      if (!(await flushPostDocument())) throw new Error(saveFailure(usePostDocumentStore.getState().save));
      post = await queueDocument();
    } catch (error) {
      setSaveState('idle');
      throw error;
    }
    await filed();
    return post;
  }

  async function startNew() {
    dismissSaved();
    if (!(await flushPostDocument())) {
      if (!shownAbove(usePostDocumentStore.getState().save))
        toast.error(saveFailure(usePostDocumentStore.getState().save));
      return;
    }
    const had = usePostDocumentStore.getState().doc.content.trim() !== '';
    usePostDocumentStore.getState().newDocument();
    if (had) toast.success('Your last post is kept in Saved Posts as a draft.');
  }

  return {
    doc: state.doc,
    hasText: state.doc.content !== '',
    hasPost: state.doc.content.trim() !== '' || state.doc.updatedAt !== null,
    dirty: state.dirty,
    save: state.save,
    history: {
      undoName: undoName(state.history),
      redoName: redoName(state.history),
      onUndo: store.undo,
      onRedo: store.redo,
      notice: state.notice,
    },
    image,
    planDraft: state.planDraft,
    setPlanDraft: store.setPlanDraft,
    type: store.type,
    typeFirstComment: store.typeFirstComment,
    apply: store.apply,
    applyFix: (edit) => {
      const comment = usePostDocumentStore.getState().doc.firstComment;
      const moved = edit.firstCommentAddition;
      store.apply(
        moved
          ? { content: edit.text, firstComment: comment.trim() ? `${comment.trimEnd()}\n${moved}` : moved }
          : { content: edit.text },
        edit.label,
      );
    },
    finish,
    queue,
    saveState,
    justSaved,
    dismissSaved,
    startNew,
    problem: (
      <SaveProblem
        save={state.save}
        onKeepMine={() => void keepMine()}
        onUseStored={useStoredVersion}
        onKeepAsNew={() => void keepDeletedAsNew()}
        onStartOver={() => usePostDocumentStore.getState().newDocument()}
      />
    ),
  };
}

/** Whether the save problem is already shown above the post (SaveProblem). */
const shownAbove = (save: SaveState) =>
  ['retrying', 'signed-out', 'refused', 'conflict', 'deleted'].includes(save.status);

/** Why the post could not be filed yet, in the author's words. */
function saveFailure(save: SaveState): string {
  switch (save.status) {
    case 'retrying':
    case 'signed-out':
    case 'refused':
      return save.message;
    case 'conflict':
      return saveMessages.conflict;
    case 'deleted':
      return saveMessages.deleted;
    default:
      return saveMessages.notYet;
  }
}
