/** An error in PostgREST's JSON shape, carried with the HTTP status PostgREST would use. */
export class PostgrestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(status: number, code: string, message: string, details: string | null = null, hint: string | null = null) {
    super(message);
    this.name = 'PostgrestError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  toJSON(): { code: string; details: string | null; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: the query string could not be parsed. */
export function parseError(message: string, details: string | null = null): PostgrestError {
  return new PostgrestError(400, 'PGRST100', message, details);
}
