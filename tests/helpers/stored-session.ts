/**
 * A session stored as supabase-js leaves it after a sign-in on http://localhost, so a page or store
 * under test is signed in and its calls carry `the-users-access-token` (MSW answers them).
 */
export function storeSession(userId: string, email: string, key = 'sb-localhost-auth-token'): void {
  localStorage.setItem(
    key,
    JSON.stringify({
      access_token: 'the-users-access-token',
      refresh_token: 'refresh-token-1234',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user: { id: userId, aud: 'authenticated', role: 'authenticated', email },
    }),
  );
}
