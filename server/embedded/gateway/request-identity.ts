import { apiRoles, type ApiRole, type RequestIdentity } from '../db/run-as-role.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { verifyInstallToken } from '../keys/verify-token.ts';

export type IdentityResult =
  { ok: true; identity: RequestIdentity } | { ok: false; code: 'PGRST301' | 'PGRST303'; message: string };

/**
 * The database role a request acts as (PostgREST's JWT step, behind Supabase's gateway): the
 * publishable key is `anon` and the secret key `service_role`, as the gateway turns them into
 * roles; anything else must be a token signed by this install whose `role` is an API role.
 */
export async function identify(token: string | null, keys: ProjectKeys): Promise<IdentityResult> {
  if (!token || token === keys.publishableKey)
    return { ok: true, identity: { role: 'anon', claims: { role: 'anon' } } };
  if (token === keys.secretKey)
    return { ok: true, identity: { role: 'service_role', claims: { role: 'service_role' } } };
  const verified = await verifyInstallToken(keys, token);
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
