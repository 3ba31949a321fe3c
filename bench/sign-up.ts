import { check } from './check.ts';

export interface BenchUser {
  id: string;
  token: string;
}

export const benchPassword = 'correct horse battery staple';

/** The publishable key the app hands the browser (GET /app-config.json). */
export async function publishableKey(appUrl: string): Promise<string> {
  const config = (await (await fetch(`${appUrl}/app-config.json`)).json()) as {
    supabasePublishableKey?: string;
  };
  check(!!config.supabasePublishableKey, '/app-config.json has no supabasePublishableKey');
  return config.supabasePublishableKey;
}

/** POST /auth/v1/signup: the new user's id and access token (auto-confirmed). */
export async function signUp(url: string, apikey: string, email: string): Promise<BenchUser> {
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: benchPassword }),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id?: string } };
  check(
    response.status === 200 && !!body.access_token && !!body.user?.id,
    `sign-up of ${email} returned ${response.status}`,
  );
  return { id: body.user.id, token: body.access_token };
}

/** `count` users, `concurrency` sign-ups at a time (each hashes a password with scrypt). */
export async function signUpMany(
  url: string,
  apikey: string,
  count: number,
  options: { emailOf: (index: number) => string; concurrency: number },
): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let start = 0; start < count; start += options.concurrency) {
    const batch = Array.from({ length: Math.min(options.concurrency, count - start) }, (_, offset) =>
      signUp(url, apikey, options.emailOf(start + offset)),
    );
    users.push(...(await Promise.all(batch)));
  }
  return users;
}
