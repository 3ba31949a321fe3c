import { storageErrors } from './storage-error.ts';

/** Longest object name Storage accepts, in bytes (as S3's key limit). */
export const maxKeyBytes = 1024;

const bucketIdPattern = /^[A-Za-z0-9_.-]{1,63}$/;

/**
 * The characters Supabase Storage allows in an object name (VALID_OBJECT_KEY in its
 * src/storage/limits.ts: S3's safe characters and a few that need care). Printable ASCII only, so
 * no control character, no NUL, no backslash, and no bidirectional override (U+202A–U+202E,
 * U+2066–U+2069) that would show `evil\u202Egnp.exe` as `evilexe.png` in a list or a download.
 */
const objectNameCharacters = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;

/**
 * Checks an object name the way it will be used: as a row in storage.objects and as a folder
 * path in policies. A name is a `/`-separated list of non-empty segments, none of them `.` or
 * `..`, of Storage's characters only and without a leading `/`. Names are never used as file
 * paths on disk (bytes are stored under a random version id), so this guards the meaning of
 * `storage.foldername(name)` and what people are shown, not the file system.
 */
export function checkObjectName(name: string): string {
  const invalid =
    name === '' ||
    Buffer.byteLength(name) > maxKeyBytes ||
    !objectNameCharacters.test(name) ||
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
