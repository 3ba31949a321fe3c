import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '../auth-store';
import { EmailField, PasswordField, RequestOutcome } from './credential-fields';
import { ForgotPasswordForm } from './forgot-password-form';
import { signUpOutcome, useAuthRequest } from './use-auth-request';

type View = 'sign-in' | 'sign-up' | 'forgot';

/** The signed-out screen (docs/product.md §2 "Sign-in gate"): email and password, no social providers. */
export function SignInCard() {
  const [view, setView] = useState<View>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, notice, run, clear } = useAuthRequest();
  const signIn = useAuthStore((state) => state.signIn);
  const signUp = useAuthStore((state) => state.signUp);
  // What became of an email link the page was opened from; it gives way to the first action.
  const redirectNotice = useAuthStore((state) => state.redirectNotice);
  const [showRedirectNotice, setShowRedirectNotice] = useState(true);
  const signingUp = view === 'sign-up';
  const shownError =
    error ?? (showRedirectNotice && redirectNotice?.tone === 'danger' ? redirectNotice.text : null);
  const shownNotice =
    notice ?? (showRedirectNotice && redirectNotice?.tone === 'success' ? redirectNotice.text : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setShowRedirectNotice(false);
    void run(async () =>
      signingUp ? signUpOutcome(await signUp(email, password)) : { error: await signIn(email, password) },
    );
  }

  function show(next: View) {
    setView(next);
    setShowRedirectNotice(false);
    clear();
  }
  const toggle = () => show(signingUp ? 'sign-in' : 'sign-up');
  const title = view === 'forgot' ? 'Reset your password' : signingUp ? 'Create Account' : 'Welcome Back';

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
      >
        <p className="mb-6 text-center text-sm font-semibold tracking-wide text-brand-500">
          AI Post Generator
        </p>
        <h1 id="auth-title" className="mb-6 text-center text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        {view === 'forgot' ? (
          <ForgotPasswordForm email={email} onEmailChange={setEmail} />
        ) : (
          <form className="space-y-4" onSubmit={submit} noValidate>
            <EmailField value={email} onChange={setEmail} />
            <PasswordField
              label={signingUp ? 'Create password' : 'Password'}
              isNew={signingUp}
              value={password}
              onChange={setPassword}
            />
            <RequestOutcome error={shownError} notice={shownNotice} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? (signingUp ? 'Signing up...' : 'Signing in...') : signingUp ? 'Sign up' : 'Sign in'}
            </Button>
          </form>
        )}
        {view === 'sign-in' && (
          <button
            type="button"
            onClick={() => show('forgot')}
            className="mt-4 block w-full text-center text-sm text-slate-600 hover:underline"
          >
            Forgot password?
          </button>
        )}
        <button
          type="button"
          onClick={view === 'forgot' ? () => show('sign-in') : toggle}
          className="mt-6 block w-full text-center text-sm text-brand-500 hover:underline"
        >
          {view === 'forgot'
            ? 'Back to sign in'
            : signingUp
              ? 'Already have an account? Sign in'
              : 'Need an account? Sign up'}
        </button>
      </section>
    </main>
  );
}
