import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '../auth-store';
import { EmailField, PasswordField, RequestOutcome } from './credential-fields';
import { signUpOutcome, useAuthRequest } from './use-auth-request';

/**
 * Sign-up for a visitor who started on /onboarding: the same account as the "Create Account"
 * card, kept beside the wizard so its answers stay on screen. Once signed in, the page shows the
 * signed-in wizard, which goes on with them.
 */
export function CreateAccountForm({ signInHref }: { signInHref: string }) {
  const signUp = useAuthStore((state) => state.signUp);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, notice, run } = useAuthRequest();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => signUpOutcome(await signUp(email, password)));
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
        <EmailField value={email} onChange={setEmail} />
        <PasswordField label="Create password" isNew value={password} onChange={setPassword} />
        <RequestOutcome error={error} notice={notice} />
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
