import { apiRoles, type ApiRole, type RequestIdentity } from '../db/run-as-role.ts';
import { verifyJwt } from '../keys/jwt.ts';

export type IdentityResult =
  | { ok: true; identity: RequestIdentity }
  | { ok: false; code: 'PGRST301' | 'PGRST303'; message: string };

/** Verifies a bearer token and derives the database role it may act as (PostgREST's JWT step). */
export async function identify(token: string | null, secret: Uint8Array): Promise<IdentityResult> {
  if (!token) return { ok: true, identity: { role: 'anon', claims: { role: 'anon' } } };
  const verified = await verifyJwt(token, secret);
  if (!verified.ok) {
    return verified.reason === 'expired'
      ? { ok: false, code: 'PGRST303', message: 'JWT expired' }
      : { ok: false, code: 'PGRST301', message: `JWT could not be verified: ${verified.message}` };
  }
  const role = verified.claims.role;
  if (typeof role !== 'string' || !(apiRoles as readonly string[]).includes(role)) {
    return { ok: false, code: 'PGRST301', message: 'JWT role claim is missing or not allowed' };
  }
  return { ok: true, identity: { role: role as ApiRole, claims: verified.claims } };
}
