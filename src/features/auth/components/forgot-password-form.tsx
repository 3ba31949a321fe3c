import { useEffect, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { authMessages } from '../auth-messages';
import { useAuthStore } from '../auth-store';
import { EmailField, RequestOutcome } from './credential-fields';
import { useAuthRequest } from './use-auth-request';

/**
 * "Forgot password?" of the sign-in card: a reset link by email, as on hosted Supabase. A server
 * that sends no email (the embedded backend without AUTH_EMAIL_CONFIRMATION) cannot send one: the
 * card then says how the person who runs it sets a new password from the command line.
 */
export function ForgotPasswordForm({
  email,
  onEmailChange,
}: {
  email: string;
  onEmailChange: (email: string) => void;
}) {
  const sendsEmail = useAuthStore((state) => state.sendsEmail);
  const loadEmailDelivery = useAuthStore((state) => state.loadEmailDelivery);
  const requestPasswordReset = useAuthStore((state) => state.requestPasswordReset);
  const { busy, error, notice, run } = useAuthRequest();

  useEffect(() => {
    void loadEmailDelivery();
  }, [loadEmailDelivery]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const failure = await requestPasswordReset(email);
      return { error: failure, notice: failure === null ? authMessages.checkEmailForReset : null };
    });
  }

  if (sendsEmail === null) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" /> Loading...
      </p>
    );
  }
  if (!sendsEmail) {
    return (
      <Alert tone="info">
        <p>This server sends no email, so it cannot send a reset link.</p>
        <p className="mt-2">
          The person who runs it can set a new password from the command line, with the server stopped:
        </p>
        <code className="mt-2 block rounded bg-white px-2 py-1 font-mono text-xs text-slate-800">
          npm run reset-password -- {email.trim() || '<email>'}
        </code>
      </Alert>
    );
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <EmailField value={email} onChange={onEmailChange} />
      <RequestOutcome error={error} notice={notice} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset password instructions'}
      </Button>
    </form>
  );
}
