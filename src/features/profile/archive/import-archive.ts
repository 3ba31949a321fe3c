import { archiveErrors, maxFileBytes, type ArchiveError } from './archive-error';
import { describeSkipped, parseSharesCsv, type ArchivePost, type SkippedRows } from './parse-shares-csv';
import { pickSamples } from './pick-samples';
import { readSharesText } from './read-archive-file';

/** An archive read: the author's posts (newest first), the proposed samples, and what was left out. */
export interface ArchiveContents {
  posts: ArchivePost[];
  /** Indexes into `posts` of the posts proposed as voice samples, newest first. */
  proposed: number[];
  skipped: SkippedRows;
}

export type ArchiveImportResult = { ok: true; archive: ArchiveContents } | { ok: false; error: ArchiveError };

/** What a picked file holds, from its bytes: the whole import short of saving, pure and synchronous. */
export function importArchiveBytes(bytes: Uint8Array, fileName: string): ArchiveImportResult {
  try {
    const shares = readSharesText(bytes, fileName);
    if (!shares.ok) return shares;
    const parsed = parseSharesCsv(shares.text);
    if (!parsed.ok) return parsed;
    if (parsed.posts.length === 0)
      return { ok: false, error: archiveErrors.noPosts(describeSkipped(parsed.skipped).join(' ')) };
    return {
      ok: true,
      archive: { posts: parsed.posts, proposed: pickSamples(parsed.posts), skipped: parsed.skipped },
    };
  } catch {
    return { ok: false, error: archiveErrors.unreadable() };
  }
}

/** The import of a picked file; one too large is refused before a byte of it is read. */
export async function importArchiveFile(
  file: Pick<File, 'name' | 'size' | 'arrayBuffer'>,
): Promise<ArchiveImportResult> {
  if (file.size > maxFileBytes) return { ok: false, error: archiveErrors.fileTooLarge(file.size) };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, error: archiveErrors.unreadable() };
  }
  return importArchiveBytes(bytes, file.name);
}
