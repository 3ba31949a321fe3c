import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/features/auth/auth-store';
import { useGeneratorStore } from '@/features/generator/generator-store';
import type { User } from '@/lib/supabase/client';
import { bindDraftToUser } from './bind-draft-to-user';

const signedIn = (id: string) => useAuthStore.setState({ status: 'signed-in', user: { id } as User });
const signedOut = () => useAuthStore.setState({ status: 'signed-out', user: null, session: null });
const draft = () => useGeneratorStore.getState();

let unbind: () => void;
beforeEach(() => {
  signedOut();
  useGeneratorStore.getState().reset();
  unbind = bindDraftToUser();
});
afterEach(() => unbind());

describe('the draft follows the signed-in user', () => {
  it('is cleared within the very auth update that signs another user in', () => {
    signedIn('user-a');
    draft().setTopic('A topic');
    draft().setContent('A post');
    signedOut();
    expect(draft().topic).toBe('A topic');
    // Synchronously: no render in between could show A's draft to B.
    signedIn('user-b');
    expect(draft()).toMatchObject({ ownerId: 'user-b', topic: '', content: '' });
  });

  it('comes back when the same user signs in again, and survives a token refresh', () => {
    signedIn('user-a');
    draft().setTopic('A topic');
    useAuthStore.setState({ user: { id: 'user-a' } as User });
    signedOut();
    signedIn('user-a');
    expect(draft().topic).toBe('A topic');
  });
});
