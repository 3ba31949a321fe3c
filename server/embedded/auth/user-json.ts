/** A row of auth.users as the embedded GoTrue reads it. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The user object GoTrue returns (from /user, and inside every session). */
export function userJson(row: UserRow): Record<string, unknown> {
  const identity = {
    identity_id: row.id,
    id: row.id,
    user_id: row.id,
    identity_data: { email: row.email, email_verified: Boolean(row.email_confirmed_at), phone_verified: false, sub: row.id },
    provider: 'email',
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email,
  };
  return {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: '',
    confirmed_at: iso(row.email_confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: [identity],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: row.is_anonymous,
  };
}
