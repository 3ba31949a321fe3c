/** Why a file could not be imported: what went wrong, and the message the author reads. */
export type ArchiveErrorCode =
  | 'file-too-large'
  | 'empty-file'
  | 'not-an-archive'
  | 'damaged-zip'
  | 'no-shares-csv'
  | 'shares-too-large'
  | 'not-utf8'
  | 'wrong-columns'
  | 'no-posts'
  | 'unreadable';

/** An error as a value: it crosses from the worker to the page as it is (structured clone). */
export interface ArchiveError {
  code: ArchiveErrorCode;
  message: string;
}

/** The largest file read at all: a LinkedIn archive is a few megabytes, even after years of posts. */
export const maxFileBytes = 100 * 1000 * 1000;
/** The largest Shares.csv read: years of daily posts take a few megabytes; this is far past that. */
export const maxSharesBytes = 50 * 1000 * 1000;

const megabytes = (bytes: number) => {
  const value = bytes / 1000 / 1000;
  return `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} MB`;
};

const chooseArchive = 'Choose the ZIP file LinkedIn sent you, or the Shares.csv inside it.';

export const archiveErrors = {
  fileTooLarge: (bytes: number): ArchiveError => ({
    code: 'file-too-large',
    message: `This file is ${megabytes(bytes)}, more than the ${megabytes(maxFileBytes)} this import reads. Unzip your LinkedIn archive and choose the Shares.csv inside it instead.`,
  }),
  emptyFile: (): ArchiveError => ({
    code: 'empty-file',
    message: `This file is empty. ${chooseArchive}`,
  }),
  notAnArchive: (): ArchiveError => ({
    code: 'not-an-archive',
    message: `This file is not a LinkedIn archive. ${chooseArchive}`,
  }),
  damagedZip: (): ArchiveError => ({
    code: 'damaged-zip',
    message:
      'This ZIP file is damaged or incomplete, so it cannot be opened. Download your archive from LinkedIn again.',
  }),
  noSharesCsv: (): ArchiveError => ({
    code: 'no-shares-csv',
    message:
      'This ZIP has no Shares.csv, the file in which LinkedIn lists your posts. Ask LinkedIn for a copy of your data that includes your posts, then choose that ZIP.',
  }),
  sharesTooLarge: (bytes: number): ArchiveError => ({
    code: 'shares-too-large',
    message: `The Shares.csv in this ZIP would be ${megabytes(bytes)} once unpacked, far more than a list of posts can be, so it was not opened. ${chooseArchive}`,
  }),
  notUtf8: (): ArchiveError => ({
    code: 'not-utf8',
    message:
      'The text of this file is not in UTF-8, the encoding LinkedIn uses, so it cannot be read correctly. A spreadsheet may have saved it again in another encoding: choose the Shares.csv from the original ZIP.',
  }),
  wrongColumns: (columns: readonly string[]): ArchiveError => {
    const shown = columns.slice(0, 5).map((column) => column.trim() || '(blank)');
    const more = columns.length > shown.length ? ', …' : '';
    return {
      code: 'wrong-columns',
      message: `This CSV is not LinkedIn's Shares.csv: that has the columns Date and ShareCommentary, and this one has ${shown.join(', ')}${more}. ${chooseArchive}`,
    };
  },
  noPosts: (skipped: string): ArchiveError => ({
    code: 'no-posts',
    message: `Shares.csv holds no posts with text of your own, so there is nothing to import.${skipped ? ` ${skipped}` : ''}`,
  }),
  unreadable: (): ArchiveError => ({
    code: 'unreadable',
    message: 'This file could not be read. Please try again.',
  }),
};
