import type { Page } from 'playwright-core';
import { defaultModelCatalog, defaultModelFor } from '../shared/model-catalog.ts';

export interface TestAccount {
  email: string;
  password: string;
  fullName: string;
}

let counter = 0;

export function newAccount(fullName = 'Grace Hopper'): TestAccount {
  counter += 1;
  return { email: `e2e-${Date.now()}-${counter}@example.com`, password: 'a sturdy passphrase', fullName };
}

/** Creates an account through the sign-up card and finishes onboarding, ending on the dashboard. */
export async function signUpAndOnboard(
  page: Page,
  baseUrl: string,
  account: TestAccount,
  details: { company?: string; role?: string } = {},
): Promise<void> {
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Create password').fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByText('Step 1 of 5').waitFor();
  await page.getByLabel('Full name').fill(account.fullName);
  await page.getByLabel('Company').fill(details.company ?? 'Navy Labs');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Tell us about yourself').fill('I build compilers and teach teams to ship.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel("What's your role?").selectOption(details.role ?? 'Software Engineer');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 5 (voice samples) is optional.
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
}

/** What the onboarding wizard saves for `signUpAndOnboard`'s answers (read back from a real run). */
const onboardedProfile = (account: TestAccount, details: { company?: string; role?: string }) => ({
  full_name: account.fullName,
  company: details.company ?? 'Navy Labs',
  website: '',
  about_me: 'I build compilers and teach teams to ship.',
  industry: '',
  writing_style: 'Professional and formal',
  role: details.role ?? 'Software Engineer',
  ai_engine: 'groq',
  ai_model: defaultModelFor(defaultModelCatalog, 'groq'),
});

/**
 * The same onboarded account as `signUpAndOnboard` makes, created over the API: the sign-up,
 * then the profile row the wizard saves. The wizard itself is tested through the page
 * (account-journey, public-onboarding); other tests start from here.
 */
export async function createOnboardedAccount(
  baseUrl: string,
  account: TestAccount,
  details: { company?: string; role?: string } = {},
): Promise<void> {
  const apikey = await publishableKey(baseUrl);
  const signUp = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const session = (await signUp.json()) as { access_token?: string; user?: { id: string } };
  if (!signUp.ok || !session.access_token || !session.user)
    throw new Error(`sign-up failed with ${signUp.status}: ${JSON.stringify(session)}`);
  const profile = await fetch(`${baseUrl}/rest/v1/profiles`, {
    method: 'POST',
    headers: {
      apikey,
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({ id: session.user.id, ...onboardedProfile(account, details) }),
  });
  if (!profile.ok)
    throw new Error(`saving the profile failed with ${profile.status}: ${await profile.text()}`);
}

/** An onboarded account made over the API, signed in from the sign-in card, ending on the dashboard. */
export async function signInAsOnboardedUser(
  page: Page,
  baseUrl: string,
  account: TestAccount,
  details: { company?: string; role?: string } = {},
): Promise<void> {
  await createOnboardedAccount(baseUrl, account, details);
  await page.goto(baseUrl);
  await signIn(page, account);
  await page.getByRole('heading', { name: 'Create New Post' }).waitFor();
}

/** The signed-in user's access token, read from supabase-js's stored session. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return key
      ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  if (!token) throw new Error('No stored session in the page');
  return token;
}

/** The app's publishable key, as the page reads it from /app-config.json. */
export async function publishableKey(baseUrl: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/app-config.json`)).json()) as {
    supabasePublishableKey: string;
  };
  return config.supabasePublishableKey;
}

/** Reads rows as the signed-in user through the REST API (RLS applies, as for the app). */
export async function restAsUser<T>(page: Page, baseUrl: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${baseUrl}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: await publishableKey(baseUrl), authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  if (!response.ok)
    throw new Error(`REST ${pathAndQuery} failed with ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs an existing account in from the sign-in card, ending in the app shell. */
export async function signIn(page: Page, account: TestAccount): Promise<void> {
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: `Account menu for ${account.fullName}` }).waitFor();
}
