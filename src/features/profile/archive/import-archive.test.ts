import sharesCsv from '../../../../tests/fixtures/linkedin-archive/Shares.csv?raw';
import {
  fixturePostCount,
  linkedInArchive,
} from '../../../../tests/fixtures/linkedin-archive/build-archive.ts';
import { importArchiveBytes, importArchiveFile } from './import-archive';

const encode = (text: string) => new TextEncoder().encode(text);

describe('importArchiveBytes', () => {
  it('reads LinkedIn’s ZIP into the posts and ten proposed samples', () => {
    const result = importArchiveBytes(linkedInArchive(sharesCsv), 'linkedin.zip');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.archive.posts).toHaveLength(fixturePostCount);
    expect(result.archive.proposed).toHaveLength(10);
    expect(result.archive.skipped).toEqual({ withoutText: 2, tooLong: 0, unreadable: 0 });
  });

  it('refuses a Shares.csv of reshares only, saying what was skipped', () => {
    const csv =
      'Date,ShareLink,ShareCommentary,SharedUrl\n2026-01-01,l1,,https://x\n2026-01-02,l2,"",https://y\n';
    expect(importArchiveBytes(encode(csv), 'Shares.csv')).toEqual({
      ok: false,
      error: {
        code: 'no-posts',
        message:
          'Shares.csv holds no posts with text of your own, so there is nothing to import. 2 reshares without a comment of your own were skipped.',
      },
    });
  });

  it('refuses a CSV with other columns', () => {
    expect(
      importArchiveBytes(encode('First Name,Last Name\nAda,Lovelace\n'), 'Connections.csv'),
    ).toMatchObject({
      ok: false,
      error: { code: 'wrong-columns' },
    });
  });
});

describe('importArchiveFile', () => {
  it('refuses a 200 MB file without reading it', async () => {
    const arrayBuffer = vi.fn(() => Promise.reject(new Error('must not be read')));
    await expect(
      importArchiveFile({ name: 'Complete_LinkedInDataExport.zip', size: 200_000_000, arrayBuffer }),
    ).resolves.toEqual({
      ok: false,
      error: {
        code: 'file-too-large',
        message:
          'This file is 200 MB, more than the 100 MB this import reads. Unzip your LinkedIn archive and choose the Shares.csv inside it instead.',
      },
    });
    expect(arrayBuffer).not.toHaveBeenCalled();
  });

  it('reads a picked file', async () => {
    const file = new File([new Uint8Array(linkedInArchive(sharesCsv))], 'linkedin.zip', {
      type: 'application/zip',
    });
    await expect(importArchiveFile(file)).resolves.toMatchObject({ ok: true });
  });

  it('says so when the browser cannot read the file', async () => {
    const arrayBuffer = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
    await expect(importArchiveFile({ name: 'Shares.csv', size: 10, arrayBuffer })).resolves.toEqual({
      ok: false,
      error: { code: 'unreadable', message: 'This file could not be read. Please try again.' },
    });
  });
});
