import { AuthClient } from '@supabase/supabase-js';
import { toast } from '@/lib/toast/toast';

/**
 * The page projects share one jsdom window per worker (isolate: false, see fresh-modules.ts).
 * Before each file: no toasts left by the last one (react-hot-toast keeps them in its own
 * module, which stays loaded), empty storage, the address at `/`, an empty body, and supabase-js
 * no longer counting the last file's clients (it warns about "multiple GoTrueClient instances").
 */
export function freshPage(): void {
  toast.remove();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
  document.title = '';
  (AuthClient as unknown as { nextInstanceID: Record<string, number> }).nextInstanceID = {};
}
