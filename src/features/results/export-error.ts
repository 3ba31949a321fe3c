/** Why an analytics export could not be imported: what went wrong, and the message the author reads. */
export type ExportErrorCode =
  | 'file-too-large'
  | 'empty-file'
  | 'not-a-workbook'
  | 'not-linkedin'
  | 'no-top-posts'
  | 'wrong-columns'
  | 'bad-figure'
  | 'no-posts'
  | 'unreadable';

/** An error as a value: it crosses from the worker to the page as it is (structured clone). */
export interface ExportError {
  code: ExportErrorCode;
  message: string;
}

/** The largest file read: LinkedIn's analytics export is tens of kilobytes, even for a year of posts. */
export const maxExportBytes = 20 * 1000 * 1000;

const megabytes = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

const howToExport =
  'Choose the .xlsx file that “Export” on your LinkedIn post analytics downloads (your profile → Analytics → Post impressions → Export).';

const listed = (names: readonly string[]) => {
  const shown = names.slice(0, 6).map((name) => `“${name.trim() || '(blank)'}”`);
  return `${shown.join(', ')}${names.length > shown.length ? ', …' : ''}`;
};

export const exportErrors = {
  fileTooLarge: (bytes: number): ExportError => ({
    code: 'file-too-large',
    message: `This file is ${megabytes(bytes)}, far more than LinkedIn's analytics export ever is (${megabytes(maxExportBytes)} is the most this import reads), so it was not opened. ${howToExport}`,
  }),
  emptyFile: (): ExportError => ({ code: 'empty-file', message: `This file is empty. ${howToExport}` }),
  notAWorkbook: (): ExportError => ({
    code: 'not-a-workbook',
    message: `This file is not an Excel workbook (.xlsx). ${howToExport}`,
  }),
  notLinkedIn: (sheets: readonly string[]): ExportError => ({
    code: 'not-linkedin',
    message: `This workbook is not LinkedIn's analytics export: its sheets are ${listed(sheets)}, and none lists posts with their link and publish date. ${howToExport}`,
  }),
  noTopPosts: (sheets: readonly string[]): ExportError => ({
    code: 'no-top-posts',
    message: `This export has no TOP POSTS sheet, where LinkedIn lists your posts (it has ${listed(sheets)}). Export your post analytics again without removing sheets.`,
  }),
  wrongColumns: (sheet: string, headers: readonly string[]): ExportError => ({
    code: 'wrong-columns',
    message: `The sheet “${sheet}” does not have the columns LinkedIn gives it (Post URL, Post publish date, Engagements, Impressions): it has ${listed(headers)}. If the columns were renamed, export again from LinkedIn; this import reads LinkedIn's column names in English, German, French, Spanish, Portuguese, Italian and Dutch.`,
  }),
  badFigure: (sheet: string, row: number, column: string, value: string): ExportError => ({
    code: 'bad-figure',
    message: `Row ${row} of “${sheet}” has “${value.slice(0, 40)}” as ${column}, which is not a count, so nothing was imported. Export your analytics again from LinkedIn.`,
  }),
  noPosts: (sheet: string): ExportError => ({
    code: 'no-posts',
    message: `The sheet “${sheet}” lists no posts, so there is nothing to import. Choose a longer period on LinkedIn (for example the past 365 days) before you export.`,
  }),
  unreadable: (): ExportError => ({
    code: 'unreadable',
    message: 'This file could not be read. Please try again.',
  }),
};
