import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/features/auth/auth-store';
import { useGeneratorStore } from '@/features/generator/generator-store';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import type { User } from '@/lib/supabase/client';
import { bindDraftToUser } from './bind-draft-to-user';

const signedIn = (id: string) => useAuthStore.setState({ status: 'signed-in', user: { id } as User });
const signedOut = () => useAuthStore.setState({ status: 'signed-out', user: null, session: null });
const draft = () => useGeneratorStore.getState();
const post = () => usePostDocumentStore.getState();

let unbind: () => void;
beforeEach(() => {
  signedOut();
  useGeneratorStore.getState().reset();
  usePostDocumentStore.getState().reset();
  unbind = bindDraftToUser();
});
afterEach(() => unbind());

describe('the draft follows the signed-in user', () => {
  it('is cleared within the very auth update that signs another user in', () => {
    signedIn('user-a');
    draft().setTopic('A topic');
    post().type('A post');
    signedOut();
    expect(draft().topic).toBe('A topic');
    expect(post().doc.content).toBe('A post');
    // Synchronously: no render in between could show A's draft to B.
    signedIn('user-b');
    expect(draft()).toMatchObject({ ownerId: 'user-b', topic: '' });
    expect(post()).toMatchObject({ ownerId: 'user-b', doc: { content: '' } });
  });

  it('comes back when the same user signs in again, and survives a token refresh', () => {
    signedIn('user-a');
    draft().setTopic('A topic');
    post().type('A post');
    useAuthStore.setState({ user: { id: 'user-a' } as User });
    signedOut();
    signedIn('user-a');
    expect(draft().topic).toBe('A topic');
    expect(post().doc.content).toBe('A post');
  });
});
