import { exportErrors, type ExportError } from './export-error';
import {
  dateOrderOf,
  exportColumnOf,
  exportSheetNames,
  headerKey,
  type ExportColumn,
} from './export-headers';
import { readCount } from './read-count';
import { readExportDay } from './read-export-date';

/** A sheet as the XLSX reader gives it: its name and its rows of cells. */
export interface WorkbookSheet {
  sheet: string;
  data: readonly (readonly unknown[])[];
}

/** The figures of one post in the export; a figure it does not give is null. */
export interface ExportRow {
  url: string;
  /** The day LinkedIn says it was published (YYYY-MM-DD). */
  day: string;
  impressions: number | null;
  engagements: number | null;
  membersReached: number | null;
  reactions: number | null;
  comments: number | null;
  reshares: number | null;
  /** The post's text, when the export has it (TOP POSTS does not). */
  text: string | null;
}

export type ExportParseResult =
  { ok: true; rows: ExportRow[]; sheet: string } | { ok: false; error: ExportError };

const countColumns = [
  'impressions',
  'engagements',
  'membersReached',
  'reactions',
  'comments',
  'reshares',
] as const;
type CountColumn = (typeof countColumns)[number];

const cellText = (value: unknown) =>
  typeof value === 'string' ? value.trim() : value == null ? '' : String(value);

/**
 * A table in a header row: TOP POSTS holds two side by side (Post URL, Post publish date,
 * Engagements, then a blank column, then Post URL, Post publish date, Impressions). Each starts at
 * a URL column and takes the columns up to the next one.
 */
interface Block {
  url: number;
  columns: Partial<Record<ExportColumn, number>>;
}

function blocksOf(headers: readonly string[]): Block[] {
  const blocks: Block[] = [];
  headers.forEach((header, index) => {
    const column = exportColumnOf(header);
    if (column === 'url') blocks.push({ url: index, columns: {} });
    else if (column && blocks.length > 0) blocks.at(-1)!.columns[column] ??= index;
  });
  return blocks.filter((block) => block.columns.date !== undefined);
}

/** The first of the first rows whose headers make at least one table of posts, with its blocks. */
function findHeader(sheet: WorkbookSheet): { row: number; blocks: Block[] } | null {
  for (let row = 0; row < Math.min(sheet.data.length, 20); row += 1) {
    const blocks = blocksOf((sheet.data[row] ?? []).map(cellText));
    if (blocks.some((block) => countColumns.some((column) => block.columns[column] !== undefined)))
      return { row, blocks };
  }
  return null;
}

const columnWords: Record<CountColumn, string> = {
  impressions: 'Impressions',
  engagements: 'Engagements',
  membersReached: 'Members reached',
  reactions: 'Reactions',
  comments: 'Comments',
  reshares: 'Reposts',
};

const emptyRow = (url: string, day: string): ExportRow => ({
  url,
  day,
  impressions: null,
  engagements: null,
  membersReached: null,
  reactions: null,
  comments: null,
  reshares: null,
  text: null,
});

/**
 * The posts of LinkedIn's analytics export: the TOP POSTS sheet (found by its name, or in another
 * language by its columns), its two tables joined by post URL. Refuses, in the author's words, a
 * workbook that is not LinkedIn's, one without TOP POSTS, columns it cannot name, and a figure that
 * is not a count (nothing is imported then).
 */
export function parseAnalyticsExport(sheets: readonly WorkbookSheet[]): ExportParseResult {
  const names = sheets.map((sheet) => sheet.sheet);
  const named = sheets.find((sheet) => headerKey(sheet.sheet) === headerKey('TOP POSTS'));
  const found = named ? { sheet: named, header: findHeader(named) } : undefined;
  const anyFound =
    found ?? sheets.map((sheet) => ({ sheet, header: findHeader(sheet) })).find((each) => each.header);
  if (!anyFound) {
    const isExport = names.some((name) =>
      (exportSheetNames as readonly string[]).includes(name.trim().toUpperCase()),
    );
    return { ok: false, error: isExport ? exportErrors.noTopPosts(names) : exportErrors.notLinkedIn(names) };
  }
  const { sheet, header } = anyFound;
  if (!header) {
    const headerRow = sheet.data
      .slice(0, 5)
      .find((row) => row.filter((cell) => cellText(cell) !== '').length > 1);
    return {
      ok: false,
      error: exportErrors.wrongColumns(sheet.sheet, (headerRow ?? []).map(cellText).filter(Boolean)),
    };
  }
  const order = dateOrderOf((sheet.data[header.row] ?? []).map(cellText));
  const rows = new Map<string, ExportRow>();
  for (let index = header.row + 1; index < sheet.data.length; index += 1) {
    const cells = sheet.data[index] ?? [];
    for (const block of header.blocks) {
      const url = cellText(cells[block.url]);
      if (!url) continue;
      const day = readExportDay(cells[block.columns.date!], order);
      if (!day) {
        const raw = cellText(cells[block.columns.date!]);
        return {
          ok: false,
          error: exportErrors.badFigure(sheet.sheet, index + 1, 'Post publish date', raw || '(blank)'),
        };
      }
      const row = rows.get(url) ?? emptyRow(url, day);
      for (const column of countColumns) {
        const at = block.columns[column];
        if (at === undefined) continue;
        const count = readCount(cells[at]);
        if (count === undefined)
          return {
            ok: false,
            error: exportErrors.badFigure(sheet.sheet, index + 1, columnWords[column], cellText(cells[at])),
          };
        if (count !== null) row[column] = count;
      }
      if (block.columns.text !== undefined) row.text = cellText(cells[block.columns.text]) || row.text;
      rows.set(url, row);
    }
  }
  if (rows.size === 0) return { ok: false, error: exportErrors.noPosts(sheet.sheet) };
  return { ok: true, rows: [...rows.values()], sheet: sheet.sheet };
}
