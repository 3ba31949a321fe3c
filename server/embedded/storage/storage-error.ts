/**
 * An error in Supabase Storage's JSON shape. Storage answers most errors with HTTP 400 and puts
 * the real status in the body as a string (`{"statusCode":"404","code":"NoSuchKey",
 * "error":"not_found","message":"Object not found"}`); only server faults are HTTP 500.
 * storage-js reads `message` and `statusCode` from the body (docs/wire-formats.md §9).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The body's `error` field: a legacy name where Storage has one, else the code. */
    readonly error: string = code,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  get httpStatus(): 400 | 500 {
    return this.statusCode >= 500 ? 500 : 400;
  }

  toJSON(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidParameter: (message: string) => new StorageError(400, 'InvalidParameter', message),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  tooLarge: (limit = 'the maximum allowed size') =>
    new StorageError(413, 'EntityTooLarge', `The object exceeded ${limit}`, 'Payload too large'),
  quotaExceeded: (quotaBytes: number) =>
    new StorageError(
      413,
      'EntityTooLarge',
      `The object exceeded the storage quota of this user (${quotaBytes >= 1024 * 1024 ? `${Math.round(quotaBytes / 1024 / 1024)} MB` : `${Math.round(quotaBytes / 1024)} kB`})`,
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  contentMismatch: (mimeType: string) =>
    new StorageError(
      415,
      'InvalidMimeType',
      `The file's content is not of mime type ${mimeType}`,
      'invalid_mime_type',
    ),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  internal: () => new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal'),
};

/** What a database error from the user's own statements means to Storage's callers. */
export function storageErrorFromDatabase(error: unknown): StorageError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '42501') {
    const message = error instanceof Error ? error.message : '';
    return storageErrors.accessDenied(
      message.includes('row-level security') ? 'new row violates row-level security policy' : 'Access denied',
    );
  }
  if (code === '23505') return storageErrors.duplicate();
  if (code === '57014')
    return new StorageError(
      544,
      'DatabaseTimeout',
      'The database took too long to answer',
      'DatabaseTimeout',
    );
  return null;
}
