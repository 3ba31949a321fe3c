import { useState } from 'react';
import { authMessages } from '../auth-messages';

export interface AuthOutcome {
  error: string | null;
  /** What happens next when it worked ("Check your email…"), or null. */
  notice?: string | null;
}

/**
 * The state of an auth form's request: busy while it runs, then its error or its notice. A request
 * that throws (no answer at all) shows the spec's network message; what was typed stays.
 */
export function useAuthRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run(request: () => Promise<AuthOutcome>): Promise<void> {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const outcome = await request();
      setError(outcome.error);
      setNotice(outcome.notice ?? null);
    } catch {
      setError(authMessages.network);
    } finally {
      setBusy(false);
    }
  }

  const clear = () => {
    setError(null);
    setNotice(null);
  };

  return { busy, error, notice, run, clear };
}

/** A sign-up's outcome: its error, or the confirmation notice when the backend asks to confirm. */
export const signUpOutcome = (result: { error: string | null; needsConfirmation: boolean }): AuthOutcome => ({
  error: result.error,
  notice: result.needsConfirmation ? authMessages.checkEmail : null,
});
