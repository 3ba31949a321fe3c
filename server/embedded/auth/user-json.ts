/** A row of auth.users as the embedded GoTrue reads it. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  /** Added by db/auth-schema.sql, which every start applies. */
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** GoTrue leaves these timestamps out of its JSON when they are unset (`omitempty`). */
const optionalTimes = (row: UserRow): Record<string, string> => {
  const times: Record<string, string> = {};
  const set = (name: string, value: Date | null | undefined) => {
    if (value) times[name] = value.toISOString();
  };
  set('email_confirmed_at', row.email_confirmed_at);
  set('confirmation_sent_at', row.confirmation_sent_at);
  set('confirmed_at', row.email_confirmed_at);
  set('recovery_sent_at', row.recovery_sent_at);
  set('last_sign_in_at', row.last_sign_in_at);
  return times;
};

/** The user object GoTrue returns (from /user, /signup while unconfirmed, and inside every session). */
export function userJson(row: UserRow): Record<string, unknown> {
  const identity = {
    identity_id: row.id,
    id: row.id,
    user_id: row.id,
    identity_data: {
      email: row.email,
      email_verified: Boolean(row.email_confirmed_at),
      phone_verified: false,
      sub: row.id,
    },
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
    phone: '',
    ...optionalTimes(row),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: [identity],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: row.is_anonymous,
  };
}
