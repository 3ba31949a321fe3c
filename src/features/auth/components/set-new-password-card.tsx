import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { authMessages } from '../auth-messages';
import { useAuthStore } from '../auth-store';

/**
 * Where a password-reset link lands (signed in by the link): the user chooses a new password,
 * saved with supabase-js `updateUser`, as on hosted Supabase.
 */
export function SetNewPasswordCard({ onDone }: { onDone: () => void }) {
  const updatePassword = useAuthStore((state) => state.updatePassword);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [updated, setUpdated] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const failure = await updatePassword(password);
      setError(failure);
      setUpdated(failure === null);
    } catch {
      setError(authMessages.network);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <section
        aria-labelledby="new-password-title"
        className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
      >
        <h1 id="new-password-title" className="mb-6 text-center text-2xl font-semibold text-slate-900">
          Set a new password
        </h1>
        {updated ? (
          <div className="space-y-4">
            <Alert tone="success">{authMessages.passwordUpdated}</Alert>
            <Button className="w-full" onClick={onDone}>
              Continue
            </Button>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={submit} noValidate>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            {error && <Alert tone="danger">{error}</Alert>}
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Updating...' : 'Update password'}
            </Button>
          </form>
        )}
      </section>
    </main>
  );
}
