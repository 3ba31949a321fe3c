import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { authMessages } from '../auth-messages';
import { useAuthStore } from '../auth-store';

/**
 * Sign-up for a visitor who started on /onboarding: the same account as the "Create Account"
 * card, kept beside the wizard so its answers stay on screen. Once signed in, the page shows the
 * signed-in wizard, which goes on with them.
 */
export function CreateAccountForm({ signInHref }: { signInHref: string }) {
  const signUp = useAuthStore((state) => state.signUp);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const result = await signUp(email, password);
      setError(result.error);
      if (result.needsConfirmation) setNotice(authMessages.checkEmail);
    } catch {
      setError(authMessages.network);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="create-account-title"
      className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
    >
      <h2 id="create-account-title" className="text-lg font-medium text-slate-800">
        Create Account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Create your account to go on with the next step. What you typed above stays.
      </p>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Create password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && <Alert tone="danger">{error}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing up...' : 'Sign up'}
        </Button>
      </form>
      <Link to={signInHref} className="mt-6 block text-center text-sm text-brand-500 hover:underline">
        Already have an account? Sign in
      </Link>
    </section>
  );
}
