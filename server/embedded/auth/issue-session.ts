import { signAccessToken } from '../keys/jwt.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { userJson, type UserRow } from './user-json.ts';

/** The session JSON supabase-js stores: access_token, refresh_token and expires_in must all be present. */
export async function sessionJson(input: {
  user: UserRow;
  sessionId: string;
  refreshToken: string;
  signing: ProjectKeys['signing'];
  expiresIn: number;
  issuer: string;
}): Promise<Record<string, unknown>> {
  const user = userJson(input.user);
  const { token, expiresAt, issuedAt } = await signAccessToken(
    {
      iss: input.issuer,
      sub: input.user.id,
      aud: 'authenticated',
      email: input.user.email ?? '',
      phone: '',
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
      session_id: input.sessionId,
      is_anonymous: input.user.is_anonymous,
    },
    input.signing,
    input.expiresIn,
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresAt - issuedAt,
    expires_at: expiresAt,
    refresh_token: input.refreshToken,
    user,
  };
}
