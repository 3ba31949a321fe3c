import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database, Transaction } from '../db/database.ts';
import { GoTrueError } from './gotrue-error.ts';

/** RFC 7636 §4.2 bounds and alphabet, which GoTrue enforces on `code_challenge` (pkce.go). */
const minChallengeLength = 43;
const maxChallengeLength = 128;
const challengeAlphabet = /^[A-Za-z0-9._~-]+$/;

export type ChallengeMethod = 's256' | 'plain';

export interface PkceParams {
  codeChallenge: string;
  method: ChallengeMethod;
}

/**
 * GoTrue's validatePKCEParams: both fields or neither; a present challenge must fit RFC 7636.
 * Returns null for a sign-up without PKCE (the implicit flow).
 */
export function readPkceParams(codeChallenge: string, codeChallengeMethod: string): PkceParams | null {
  if ((codeChallenge === '') !== (codeChallengeMethod === '')) {
    throw new GoTrueError(
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (codeChallenge === '') return null;
  if (codeChallenge.length < minChallengeLength || codeChallenge.length > maxChallengeLength) {
    throw new GoTrueError(
      400,
      'validation_failed',
      `code challenge has to be between ${minChallengeLength} and ${maxChallengeLength} characters`,
    );
  }
  if (!challengeAlphabet.test(codeChallenge)) {
    throw new GoTrueError(
      400,
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const method = codeChallengeMethod.toLowerCase();
  if (method !== 's256' && method !== 'plain') {
    // GoTrue fails later, when it creates the flow state; refusing up front says why.
    throw new GoTrueError(
      400,
      'validation_failed',
      `unsupported code_challenge method "${codeChallengeMethod}"`,
    );
  }
  return { codeChallenge, method };
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether `verifier` is the secret behind `challenge` (S256: base64url of its SHA-256). */
export function verifierMatches(challenge: string, method: ChallengeMethod, verifier: string): boolean {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return sameText(challenge, expected);
}

/** How a flow state was started; GoTrue's AuthenticationMethod for an email sign-up. */
export const emailSignupMethod = 'email/signup';
/** GoTrue's AuthenticationMethod (and provider type) of a password reset (models.Recovery). */
export const recoveryMethod = 'recovery';

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: ChallengeMethod;
  code_challenge: string;
  authentication_method: string;
  auth_code_issued_at: Date | null;
  created_at: Date;
}

/**
 * A new flow state for a PKCE sign-up (or password reset); its auth code is only handed out once
 * the email's link is opened.
 */
export async function createFlowState(
  tx: Transaction,
  input: { userId: string; pkce: PkceParams; now: Date; method?: string },
): Promise<void> {
  const method = input.method ?? emailSignupMethod;
  const providerType = method === recoveryMethod ? recoveryMethod : 'email';
  await tx.query(
    `insert into auth.flow_state
       (user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [
      input.userId,
      randomUUID(),
      input.pkce.method,
      input.pkce.codeChallenge,
      providerType,
      method,
      input.now,
    ],
  );
}

/**
 * GoTrue's issueAuthCode: the user's newest flow state for this method gives its auth code, and
 * the time it was issued is recorded. Null when the sign-up did not use PKCE.
 */
export async function issueAuthCode(
  tx: Transaction,
  userId: string,
  now: Date,
  method: string = emailSignupMethod,
): Promise<string | null> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = $3, updated_at = $3
      where id = (select id from auth.flow_state
                   where user_id = $1 and authentication_method = $2
                   order by created_at desc, id desc limit 1)
      returning auth_code`,
    [userId, method, now],
  );
  return rows[0]?.auth_code ?? null;
}

export async function findFlowStateByAuthCode(db: Database, authCode: string): Promise<FlowStateRow | null> {
  const { rows } = await db.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1', [
    authCode,
  ]);
  return rows[0] ?? null;
}

/** Deletes the flow state; false when another request already did (the code is single use). */
export async function consumeFlowState(db: Database, id: string): Promise<boolean> {
  const { rows } = await db.query('delete from auth.flow_state where id = $1 returning id', [id]);
  return rows.length > 0;
}
