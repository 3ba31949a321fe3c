import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { authMessages } from '../auth-messages';
import { useAuthStore } from '../auth-store';
import { PasswordField, RequestOutcome } from './credential-fields';
import { useAuthRequest } from './use-auth-request';

/**
 * Where a password-reset link lands (signed in by the link): the user chooses a new password,
 * saved with supabase-js `updateUser`, as on hosted Supabase.
 */
export function SetNewPasswordCard({ onDone }: { onDone: () => void }) {
  const updatePassword = useAuthStore((state) => state.updatePassword);
  const [password, setPassword] = useState('');
  const { busy, error, notice, run } = useAuthRequest();
  const updated = notice !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const failure = await updatePassword(password);
      return { error: failure, notice: failure === null ? authMessages.passwordUpdated : null };
    });
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
            <Alert tone="success">{notice}</Alert>
            <Button className="w-full" onClick={onDone}>
              Continue
            </Button>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={submit} noValidate>
            <PasswordField label="New password" isNew value={password} onChange={setPassword} />
            <RequestOutcome error={error} notice={null} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Updating...' : 'Update password'}
            </Button>
          </form>
        )}
      </section>
    </main>
  );
}
