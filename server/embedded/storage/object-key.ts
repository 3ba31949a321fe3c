import { storageErrors } from './storage-error.ts';

/** Longest object name Storage accepts, in bytes (as S3's key limit). */
export const maxKeyBytes = 1024;

const bucketIdPattern = /^[A-Za-z0-9_.-]{1,63}$/;

/**
 * Checks an object name the way it will be used: as a row in storage.objects and as a folder
 * path in policies. A name is a `/`-separated list of non-empty segments, none of them `.` or
 * `..`, without control characters (NUL included) or a leading `/`. Names are never used as
 * file paths on disk (bytes are stored under a random version id), so this guards the meaning of
 * `storage.foldername(name)`, not the file system.
 */
export function checkObjectName(name: string): string {
  const invalid =
    name === '' ||
    Buffer.byteLength(name) > maxKeyBytes ||
    // eslint-disable-next-line no-control-regex -- control characters are what is refused here
    /[\u0000-\u001f\u007f]/.test(name) ||
    name.includes('\\') ||
    name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
  if (invalid) throw storageErrors.invalidKey(name);
  return name;
}

export function checkBucketId(bucket: string): string {
  if (!bucketIdPattern.test(bucket)) throw storageErrors.noSuchBucket();
  return bucket;
}

/**
 * The bucket and object name of a request path after `prefix` (`/object/sign/`), percent-decoded
 * segment by segment, so `%2e%2e` and `%2F` are judged as what they decode to.
 */
export function bucketAndName(pathname: string, prefix: string): { bucket: string; name: string } {
  const at = pathname.indexOf(prefix);
  const rest = at >= 0 ? pathname.slice(at + prefix.length) : '';
  const slash = rest.indexOf('/');
  const bucket = decodeURIComponent(slash < 0 ? rest : rest.slice(0, slash));
  const name = slash < 0 ? '' : decodeURIComponent(rest.slice(slash + 1));
  return { bucket: checkBucketId(bucket), name: checkObjectName(name) };
}
