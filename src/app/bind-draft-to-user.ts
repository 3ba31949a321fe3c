import { useAuthStore } from '@/features/auth/auth-store';
import { useGeneratorStore } from '@/features/generator/generator-store';

/**
 * The generator's draft follows the signed-in user (generator-store.ts `switchUser`). A store
 * subscription rather than an effect: the switch runs inside the auth update itself, before React
 * renders the next user's dashboard, so another account's draft is never painted, not even once.
 * Call once, before the app renders (main.tsx); returns the unsubscribe.
 */
export function bindDraftToUser(): () => void {
  useGeneratorStore.getState().switchUser(useAuthStore.getState().user?.id ?? null);
  return useAuthStore.subscribe((state, previous) => {
    const userId = state.user?.id ?? null;
    if (userId !== (previous.user?.id ?? null)) useGeneratorStore.getState().switchUser(userId);
  });
}
