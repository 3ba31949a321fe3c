import sharesCsv from '../../../../tests/fixtures/linkedin-archive/Shares.csv?raw';
import { linkedInArchive, zipFiles } from '../../../../tests/fixtures/linkedin-archive/build-archive.ts';
import { readSharesText } from './read-archive-file';

const encode = (text: string) => new TextEncoder().encode(text);

/** The ZIP with the uncompressed size its central directory states for every file set to `size`. */
function statingSize(zip: Uint8Array, size: number): Uint8Array {
  const patched = zip.slice();
  const view = new DataView(patched.buffer);
  for (let at = 0; at + 4 <= patched.length; at += 1)
    if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true);
  return patched;
}

describe('readSharesText', () => {
  it('finds Shares.csv at any depth of LinkedIn’s ZIP and reads only it', () => {
    expect(readSharesText(linkedInArchive(sharesCsv), 'Basic_LinkedInDataExport_11-28-2026.zip')).toEqual({
      ok: true,
      text: sharesCsv,
    });
  });

  it('finds the complete archive’s Shares_<member id>.csv, not macOS’s ._ copies', () => {
    const zip = zipFiles({
      '__MACOSX/._Shares.csv': 'junk',
      'export/._Shares.csv': 'junk',
      'export/Shares_155814142.csv': 'Date,ShareCommentary\n',
    });
    expect(readSharesText(zip, 'Complete_LinkedInDataExport.zip')).toEqual({
      ok: true,
      text: 'Date,ShareCommentary\n',
    });
  });

  it('reads a picked CSV as it is, without its byte-order mark', () => {
    expect(readSharesText(encode('\uFEFFDate,ShareCommentary\n'), 'Shares.csv')).toEqual({
      ok: true,
      text: 'Date,ShareCommentary\n',
    });
  });

  it('reads UTF-16 with a byte-order mark, as a spreadsheet saves "Unicode text"', () => {
    const text = 'Date,ShareCommentary\n2026-01-01,Héllo 🚀\n';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let index = 0; index < text.length; index += 1) {
      utf16[2 + index * 2] = text.charCodeAt(index) & 0xff;
      utf16[3 + index * 2] = text.charCodeAt(index) >> 8;
    }
    expect(readSharesText(utf16, 'Shares.txt')).toEqual({ ok: true, text });
  });

  it('refuses a ZIP without Shares.csv', () => {
    const zip = zipFiles({ 'Profile.csv': 'First Name\nAda\n', 'Connections.csv': 'x\n' });
    expect(readSharesText(zip, 'linkedin.zip')).toMatchObject({
      ok: false,
      error: {
        code: 'no-shares-csv',
        message:
          'This ZIP has no Shares.csv, the file in which LinkedIn lists your posts. Ask LinkedIn for a copy of your data that includes your posts, then choose that ZIP.',
      },
    });
  });

  it('refuses a Shares.csv that would unpack to an absurd size, before unpacking it', () => {
    const zip = statingSize(linkedInArchive(sharesCsv), 60_000_000);
    expect(readSharesText(zip, 'linkedin.zip')).toEqual({
      ok: false,
      error: {
        code: 'shares-too-large',
        message:
          'The Shares.csv in this ZIP would be 60 MB once unpacked, far more than a list of posts can be, so it was not opened. Choose the ZIP file LinkedIn sent you, or the Shares.csv inside it.',
      },
    });
  });

  it('never unpacks more than a file states: one that lies about its size is cut there', () => {
    const bomb = zipFiles({ 'Shares.csv': `Date,ShareCommentary\n${'0'.repeat(500_000)}` });
    const result = readSharesText(statingSize(bomb, 30), 'linkedin.zip');
    expect(result).toEqual({ ok: true, text: 'Date,ShareCommentary\n000000000' });
  });

  it('refuses a damaged ZIP', () => {
    const zip = linkedInArchive(sharesCsv);
    expect(readSharesText(zip.subarray(0, zip.length / 2), 'linkedin.zip')).toMatchObject({
      ok: false,
      error: { code: 'damaged-zip' },
    });
    expect(readSharesText(encode('not a zip at all'), 'linkedin.zip')).toMatchObject({
      ok: false,
      error: {
        code: 'damaged-zip',
        message:
          'This ZIP file is damaged or incomplete, so it cannot be opened. Download your archive from LinkedIn again.',
      },
    });
  });

  it('refuses a file that is not an archive (an image)', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    expect(readSharesText(png, 'photo.png')).toEqual({
      ok: false,
      error: {
        code: 'not-an-archive',
        message:
          'This file is not a LinkedIn archive. Choose the ZIP file LinkedIn sent you, or the Shares.csv inside it.',
      },
    });
  });

  it('refuses a CSV that is not UTF-8, saying how that happens', () => {
    // "Café" as Windows-1252 writes it: é is the single byte 0xE9.
    const latin1 = new Uint8Array([...encode('Date,ShareCommentary\n2026-01-01,Caf'), 0xe9, 0x0a]);
    expect(readSharesText(latin1, 'Shares.csv')).toEqual({
      ok: false,
      error: {
        code: 'not-utf8',
        message:
          'The text of this file is not in UTF-8, the encoding LinkedIn uses, so it cannot be read correctly. A spreadsheet may have saved it again in another encoding: choose the Shares.csv from the original ZIP.',
      },
    });
    const zipped = zipFiles({ 'Shares.csv': latin1 });
    expect(readSharesText(zipped, 'linkedin.zip')).toMatchObject({ ok: false, error: { code: 'not-utf8' } });
  });

  it('refuses an empty file', () => {
    expect(readSharesText(new Uint8Array(), 'Shares.csv')).toMatchObject({
      ok: false,
      error: {
        code: 'empty-file',
        message: 'This file is empty. Choose the ZIP file LinkedIn sent you, or the Shares.csv inside it.',
      },
    });
  });
});
