import { PostgrestError } from './postgrest-error.ts';

/**
 * This server reads JSON bodies only. PostgREST would also take CSV, form data and, for functions,
 * text, XML and binary bodies; here they are refused with its own error rather than misread.
 */
export function requireJsonContent(contentType: string | undefined): void {
  const mime = (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase();
  if (mime !== 'application/json') {
    throw new PostgrestError(400, 'PGRST102', `Content-Type not acceptable: ${mime}`);
  }
}
