/**
 * Whether the auth server sends email, so a password-reset link can reach the user. GoTrue's
 * /settings tells it with `mailer_autoconfirm`: the embedded backend sends email (to its outbox)
 * exactly when sign-ups wait for confirmation. Hosted Supabase always sends reset emails, also
 * with "Confirm email" off; its /health names a GoTrue version, the embedded one says "embedded".
 * When the server cannot be asked, it is assumed to send (the reset request then says what failed).
 */
export async function authSendsEmail(supabaseUrl: string, publishableKey: string): Promise<boolean> {
  const ask = async (path: string): Promise<Record<string, unknown> | null> => {
    try {
      const response = await fetch(`${supabaseUrl}/auth/v1/${path}`, { headers: { apikey: publishableKey } });
      return response.ok ? ((await response.json()) as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const settings = await ask('settings');
  if (settings?.mailer_autoconfirm !== true) return true;
  const health = await ask('health');
  return health?.version !== 'embedded';
}
