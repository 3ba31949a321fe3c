import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreparedImage } from '../image/prepare-image';
import type { Post } from '../post';
import type { NewImage } from './document-state';
import { redoName, undoName } from './edit-history';
import { emptyDocument } from './post-document';
import { documentStorageKey, usePostDocumentStore } from './post-document-store';
import { postRow } from '../../../../tests/helpers/post-row.ts';

const post = () => usePostDocumentStore.getState();
const content = () => post().doc.content;
const undoTarget = () => undoName(post().history);
const storedState = () =>
  (JSON.parse(localStorage.getItem(documentStorageKey) ?? '{}') as { state?: Record<string, unknown> }).state;

/** A signed-in user's open post, as it was read back (no history). */
function openDraft(text: string, fields: Partial<ReturnType<typeof emptyDocument>> = {}) {
  post().switchUser('user-a');
  usePostDocumentStore.setState({
    doc: { ...emptyDocument('post-1'), topic: 'Billing', content: text, ...fields },
  });
}

/** An image picked in this page, with its local preview link (and, once uploaded, its object name). */
const pickedImage = (previewUrl: string, uploadedPath: string | null = null): NewImage => ({
  pending: { image: {} as PreparedImage, previewUrl, alt: '' },
  uploadedPath,
});

/** The row as the autosave reads it back for the open post. */
const row = (fields: Partial<Post>) =>
  postRow({
    id: 'post-1',
    user_id: 'user-a',
    topic: 'Billing',
    content: 'Stored words.',
    is_published: false,
    created_at: '2025-03-01T09:00:00.000Z',
    ...fields,
  });

beforeEach(() => {
  post().reset();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('typing and named changes', () => {
  it('counts each change of the words once and ignores a keystroke that changes nothing', () => {
    openDraft('Hello');
    post().type('Hello');
    post().typeFirstComment('');
    post().apply({ content: 'Hello' }, 'Shorter');
    expect(post()).toMatchObject({ revision: 0, doc: { content: 'Hello' } });
    expect(undoTarget()).toBeNull();

    post().type('Hello world');
    expect(post().revision).toBe(1);
    expect(undoTarget()).toBe('typing');
  });

  it('makes quick typing in the first comment one step that Undo takes back whole', () => {
    openDraft('Hello');
    post().typeFirstComment('L');
    post().typeFirstComment('Li');
    post().typeFirstComment('Link');
    expect(post().history.past).toHaveLength(1);
    post().undo();
    expect(post().doc).toMatchObject({ content: 'Hello', firstComment: '' });
    expect(post().historyNotice).toBe('Undone: typing.');
  });

  it('makes a named change one undoable step with its name', () => {
    openDraft('Hello, world');
    post().apply({ content: 'Hello world' }, 'Use a comma');
    expect(content()).toBe('Hello world');
    expect(undoTarget()).toBe('Use a comma');
  });
});

describe('undo and redo', () => {
  it('says what Redo put back', () => {
    openDraft('First');
    post().apply({ content: 'Second' }, 'Shorter');
    post().undo();
    post().redo();
    expect(post()).toMatchObject({ doc: { content: 'Second' }, historyNotice: 'Redone: Shorter.' });
    expect(redoName(post().history)).toBeNull();
  });

  it('does nothing when there is nothing to undo or redo', () => {
    openDraft('First');
    post().undo();
    post().redo();
    expect(post()).toMatchObject({ doc: { content: 'First' }, historyNotice: '', revision: 0 });
  });
});

describe('text streaming in', () => {
  it('adds no undo step for the first words of a post written into an empty document', () => {
    openDraft('');
    post().beginStream('generation');
    post().stream({ content: 'Three years ago I quit.' });
    post().commitStream('generating');
    expect(content()).toBe('Three years ago I quit.');
    expect(undoTarget()).toBeNull();
    expect(post().streaming).toBeNull();
  });

  it('adds no undo step when the stream left the words as they were', () => {
    openDraft('Hello');
    post().beginStream('rewrite');
    post().stream({ content: 'Hello' });
    post().commitStream('Shorter');
    expect(undoTarget()).toBeNull();
  });

  it('stores the finished text, no longer the text from before, once a rewrite is committed', () => {
    openDraft('Before');
    post().beginStream('rewrite');
    post().stream({ content: 'After' });
    expect(storedState()).toMatchObject({ doc: { content: 'Before' } });
    post().commitStream('Shorter');
    expect(storedState()).toMatchObject({ doc: { content: 'After', incomplete: false } });
    expect(undoTarget()).toBe('Shorter');
  });

  it('stores a finished generation as complete', () => {
    openDraft('');
    post().beginStream('generation');
    post().stream({ content: 'Three years ago I quit.' });
    post().commitStream('generating');
    expect(storedState()).toMatchObject({ doc: { content: 'Three years ago I quit.', incomplete: false } });
  });

  it('puts back the text from before on restore, and stores it as the post', () => {
    openDraft('Before');
    post().beginStream('rewrite');
    post().stream({ content: 'Half a rew' });
    post().restore();
    expect(post()).toMatchObject({ doc: { content: 'Before' }, streaming: null });
    expect(storedState()).toMatchObject({ doc: { content: 'Before' } });
    expect(undoTarget()).toBeNull();
  });

  it('ignores a restore or a commit when nothing streams', () => {
    openDraft('Typed');
    post().restore();
    post().commitStream('Shorter');
    expect(post()).toMatchObject({ doc: { content: 'Typed' }, revision: 0 });
    expect(undoTarget()).toBeNull();
  });
});

describe('a new document', () => {
  it('starts with nothing of the last one: no history, notice, plan, image or picking state', () => {
    const revoked = vi.fn();
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { revokeObjectURL: revoked }));
    openDraft('First');
    post().apply({ content: 'Second' }, 'Shorter');
    post().undo();
    usePostDocumentStore.setState({
      newImage: pickedImage('blob:picked'),
      imagePicking: { preparing: true, error: 'Too large', note: 'One only' },
      planDraft: '2025-03-02T10:00',
    });
    post().newDocument();
    expect(post()).toMatchObject({
      doc: { content: '', topic: '', firstComment: '', imagePath: null },
      revision: 0,
      savedRevision: 0,
      historyNotice: '',
      newImage: null,
      planDraft: null,
      streaming: null,
      save: { status: 'idle' },
    });
    expect(post().imagePicking).toEqual({ preparing: false, error: null, note: null });
    expect(post().history.past).toEqual([]);
    expect(post().history.future).toEqual([]);
    expect(post().doc.id).not.toBe('post-1');
    // The picked image's preview link is let go.
    expect(revoked).toHaveBeenCalledExactlyOnceWith('blob:picked');
  });

  it('opens a stored post as it is: its words, image and plan, with no history', () => {
    openDraft('Typed');
    post().type('Typed more');
    post().open(
      row({
        id: 'post-2',
        topic: 'Quitting',
        content: 'Three years ago I quit.',
        first_comment: 'Link below',
        image_path: 'user-a/photo.jpg',
        image_alt: 'A desk',
        planned_at: '2025-03-05T08:00:00.000Z',
        updated_at: '2025-03-02T09:00:00.000Z',
      }),
    );
    expect(post()).toMatchObject({
      doc: {
        id: 'post-2',
        topic: 'Quitting',
        content: 'Three years ago I quit.',
        firstComment: 'Link below',
        imagePath: 'user-a/photo.jpg',
        imageAlt: 'A desk',
        plannedAt: '2025-03-05T08:00:00.000Z',
        publishStatus: 'scheduled',
        updatedAt: '2025-03-02T09:00:00.000Z',
        incomplete: false,
      },
      revision: 0,
      savedRevision: 0,
    });
    expect(undoTarget()).toBeNull();
  });
});

describe('what the autosave reports', () => {
  it('takes the row’s dates and status after a save, keeping the words typed meanwhile', () => {
    openDraft('Saved words');
    post().type('Saved words, and');
    post().type('Saved words, and more');
    post().saved(
      row({ content: 'Saved words', updated_at: '2025-03-02T09:00:00.000Z', planned_at: null }),
      1,
      null,
    );
    expect(post()).toMatchObject({
      doc: {
        content: 'Saved words, and more',
        updatedAt: '2025-03-02T09:00:00.000Z',
        publishStatus: 'draft',
        plannedAt: null,
        imagePath: null,
      },
      revision: 2,
      savedRevision: 1,
      replacedImages: [],
    });
  });

  it('ignores the report of a save of another post', () => {
    openDraft('Words');
    post().type('Words typed');
    post().saved(row({ id: 'post-2', updated_at: '2025-03-02T09:00:00.000Z' }), 1, null);
    expect(post()).toMatchObject({ doc: { updatedAt: null }, savedRevision: 0 });
  });

  it('keeps an image removed while the save was in flight removed', () => {
    openDraft('Words', { imagePath: null });
    post().saved(row({ image_path: 'user-a/old.jpg', updated_at: '2025-03-02T09:00:00.000Z' }), 0, null);
    expect(post().doc.imagePath).toBeNull();
    expect(post().replacedImages).toEqual([]);
  });

  it('shows a picked image under its stored name once saved', () => {
    openDraft('Words');
    const image = pickedImage('blob:picked', 'user-a/new.jpg');
    usePostDocumentStore.setState({ newImage: image });
    post().saved(row({ image_path: 'user-a/new.jpg', updated_at: '2025-03-02T09:00:00.000Z' }), 0, image);
    expect(post().doc.imagePath).toBe('user-a/new.jpg');
    expect(post().newImage).toBe(image);
    expect(post().replacedImages).toEqual([]);
  });

  it('lists an image uploaded for the save but replaced meanwhile for deletion', () => {
    openDraft('Words', { imagePath: null });
    const sent = pickedImage('blob:first', 'user-a/first.jpg');
    usePostDocumentStore.setState({
      newImage: pickedImage('blob:second'),
      replacedImages: ['user-a/older.jpg'],
    });
    post().saved(row({ image_path: 'user-a/first.jpg', updated_at: '2025-03-02T09:00:00.000Z' }), 0, sent);
    expect(post().doc.imagePath).toBeNull();
    expect(post().replacedImages).toEqual(['user-a/older.jpg', 'user-a/first.jpg']);
  });

  it('keeps the save state it is given', () => {
    post().setSave({ status: 'retrying', message: 'Offline' });
    expect(post().save).toEqual({ status: 'retrying', message: 'Offline' });
  });

  it('takes the row’s plan and status once the post is planned, leaving the words alone', () => {
    openDraft('Words');
    post().type('Words typed');
    post().planned(
      row({
        content: 'Other words',
        planned_at: '2025-03-05T08:00:00.000Z',
        updated_at: '2025-03-02T09:00:00.000Z',
      }),
    );
    expect(post()).toMatchObject({
      doc: {
        content: 'Words typed',
        plannedAt: '2025-03-05T08:00:00.000Z',
        publishStatus: 'scheduled',
        updatedAt: '2025-03-02T09:00:00.000Z',
      },
      revision: 1,
    });
  });

  it('ignores a plan made for another post', () => {
    openDraft('Words');
    post().planned(row({ id: 'post-2', planned_at: '2025-03-05T08:00:00.000Z' }));
    expect(post().doc).toMatchObject({ plannedAt: null, publishStatus: 'draft', updatedAt: null });
  });
});

describe('a conflict or a deleted row, as the author settles it', () => {
  it('takes the other tab’s version as saved, complete, and lets Undo bring back this tab’s words', () => {
    openDraft('Mine', { incomplete: true, updatedAt: '2025-03-01T09:00:00.000Z' });
    post().type('Mine, edited');
    post().type('Mine, edited more');
    post().takeStored(row({ content: 'Theirs', updated_at: '2025-03-02T09:00:00.000Z' }));
    expect(post()).toMatchObject({
      doc: { content: 'Theirs', incomplete: false, updatedAt: '2025-03-02T09:00:00.000Z' },
      revision: 3,
      savedRevision: 3,
    });
    expect(undoTarget()).toBe('your version');
    post().undo();
    expect(content()).toBe('Mine, edited more');
  });

  it('keeps the words of a deleted post as a new, unsaved draft with the picked image to upload again', () => {
    openDraft('Words', {
      imagePath: 'user-a/gone.jpg',
      plannedAt: '2025-03-05T08:00:00.000Z',
      publishStatus: 'scheduled',
      updatedAt: '2025-03-02T09:00:00.000Z',
    });
    const picked = pickedImage('blob:picked', 'user-a/uploaded.jpg');
    usePostDocumentStore.setState({ newImage: picked, replacedImages: ['user-a/gone.jpg'], revision: 4 });
    post().keepAsNew();
    expect(post()).toMatchObject({
      doc: {
        content: 'Words',
        topic: 'Billing',
        imagePath: null,
        plannedAt: null,
        publishStatus: 'draft',
        updatedAt: null,
      },
      newImage: { pending: picked.pending, uploadedPath: null },
      replacedImages: [],
      revision: 5,
    });
    expect(post().doc.id).not.toBe('post-1');
  });

  it('keeps a deleted post without a picked image without one', () => {
    openDraft('Words', { updatedAt: '2025-03-02T09:00:00.000Z' });
    post().keepAsNew();
    expect(post().newImage).toBeNull();
  });
});

describe('the document follows its owner', () => {
  it('keeps the words but forgets the history, picked image and plan when a session ends without a sign-out', () => {
    const revoked = vi.fn();
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { revokeObjectURL: revoked }));
    openDraft('First');
    post().apply({ content: 'Second' }, 'Shorter');
    usePostDocumentStore.setState({ newImage: pickedImage('blob:picked'), planDraft: '2025-03-02T10:00' });
    post().switchUser(null);
    expect(post()).toMatchObject({
      ownerId: 'user-a',
      doc: { content: 'Second' },
      newImage: null,
      planDraft: null,
    });
    expect(undoTarget()).toBeNull();
    expect(revoked).toHaveBeenCalledExactlyOnceWith('blob:picked');
  });

  it('gives another user an empty document with no images left to delete, in memory and in storage', () => {
    openDraft('A post');
    usePostDocumentStore.setState({ replacedImages: ['user-a/old.jpg'] });
    post().switchUser('user-b');
    expect(post()).toMatchObject({ ownerId: 'user-b', doc: { content: '' }, replacedImages: [] });
    expect(storedState()).toMatchObject({ ownerId: 'user-b', doc: { content: '' }, replacedImages: [] });
  });

  it('forgets the owner and the images left to delete on an explicit sign-out', () => {
    openDraft('A post');
    usePostDocumentStore.setState({ replacedImages: ['user-a/old.jpg'] });
    post().reset();
    expect(post()).toMatchObject({ ownerId: null, doc: { content: '' }, replacedImages: [] });
    expect(storedState()).toMatchObject({ ownerId: null, doc: { content: '' }, replacedImages: [] });
  });
});

describe('a post this browser kept before posts were rows', () => {
  const draft = {
    ownerId: 'user-a',
    topic: 'Quitting',
    content: 'Three years ago I quit.',
    incomplete: true,
  };

  it('becomes the open post of its owner, unsaved and marked as it was', () => {
    post().switchUser('user-a');
    post().adoptBrowserDraft(draft);
    expect(post()).toMatchObject({
      ownerId: 'user-a',
      doc: { topic: 'Quitting', content: 'Three years ago I quit.', incomplete: true, updatedAt: null },
      revision: 1,
      savedRevision: 0,
    });
  });

  it('is not taken when it holds only blank space', () => {
    post().adoptBrowserDraft({ ...draft, content: ' \n ' });
    expect(post()).toMatchObject({ ownerId: null, doc: { content: '' }, revision: 0 });
  });

  it('never replaces words already in the open post', () => {
    openDraft('Newer words');
    post().adoptBrowserDraft(draft);
    expect(content()).toBe('Newer words');
  });

  it('never replaces a post the author emptied on purpose', () => {
    openDraft('Typed');
    post().type('');
    post().adoptBrowserDraft(draft);
    expect(post()).toMatchObject({ doc: { content: '', incomplete: false }, revision: 1 });
  });

  it('is not given to another signed-in user', () => {
    post().switchUser('user-b');
    post().adoptBrowserDraft(draft);
    expect(post()).toMatchObject({ ownerId: 'user-b', doc: { content: '' }, revision: 0 });
  });
});

describe('unsaved carousel edits', () => {
  const slides = { version: 1, slides: [], design: { theme: 'light', format: '4:5' } };
  const kept = (docId: string) => post().carouselDrafts.find((draft) => draft.docId === docId);

  it('are kept in this browser for their own document only, and dropped when done', () => {
    openDraft('Hello');
    post().keepCarouselDraft({ docId: 'post-1', title: 'Edited title', slides });
    expect(
      (storedState()?.carouselDrafts as { docId: string; title: string }[] | undefined)?.[0],
    ).toMatchObject({ docId: 'post-1', title: 'Edited title' });

    // Another post (or a new one) starts without them; the post they belong to finds them again.
    post().newDocument();
    expect(kept(post().doc.id)).toBeUndefined();
    post().open(row({}));
    expect(kept(post().doc.id)).toMatchObject({ title: 'Edited title' });

    post().dropCarouselDraft('post-1');
    expect(kept('post-1')).toBeUndefined();
    expect(storedState()?.carouselDrafts).toEqual([]);
  });

  it('go on with the words kept as a new post, and never to another user', () => {
    openDraft('Hello');
    post().keepCarouselDraft({ docId: 'post-1', title: 'Edited title', slides });
    post().keepAsNew();
    expect(kept('post-1')).toBeUndefined();
    expect(kept(post().doc.id)).toMatchObject({ title: 'Edited title' });

    post().switchUser('user-b');
    expect(post().carouselDrafts).toEqual([]);
  });
});
