import { strToU8, zipSync } from 'fflate';

/**
 * A synthetic LinkedIn analytics export (.xlsx) for tests and the bench: the real workbook's sheet
 * names (DISCOVERY, ENGAGEMENT, TOP POSTS, FOLLOWERS, DEMOGRAPHICS) and TOP POSTS laid out as
 * LinkedIn lays it out: a note, a blank row, then two tables side by side (Post URL, Post publish
 * date, Engagements | blank | Post URL, Post publish date, Impressions). Cells are inline strings
 * or numbers; a Date is written as text M/D/YYYY, as LinkedIn's English export writes it.
 */
export type Cell = string | number | null;
export interface SheetSpec {
  name: string;
  rows: Cell[][];
}

export interface TopPost {
  url: string;
  /** M/D/YYYY as LinkedIn writes it, or any cell. */
  date: Cell;
  engagements: Cell;
  impressions: Cell;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const columnName = (index: number) => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

function sheetXml(rows: Cell[][]): string {
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((cell, c) => {
          if (cell === null) return '';
          const ref = `${columnName(c)}${r + 1}`;
          return typeof cell === 'number'
            ? `<c r="${ref}"><v>${cell}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** An .xlsx workbook holding these sheets. */
export function buildWorkbook(sheets: readonly SheetSpec[]): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('')}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
        .map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('')}</Relationships>`,
    ),
  };
  sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(sheet.rows));
  });
  return zipSync(files, { level: 6 });
}

export const englishTopPostsHeaders = [
  'Post URL',
  'Post publish date',
  'Engagements',
  null,
  'Post URL',
  'Post publish date',
  'Impressions',
];

/** The TOP POSTS sheet: engagements on the left, impressions on the right, each sorted by its figure. */
export function topPostsSheet(
  posts: readonly TopPost[],
  headers: Cell[] = englishTopPostsHeaders,
): SheetSpec {
  const byEngagements = posts.toSorted((a, b) => Number(b.engagements) - Number(a.engagements));
  const byImpressions = posts.toSorted((a, b) => Number(b.impressions) - Number(a.impressions));
  return {
    name: 'TOP POSTS',
    rows: [
      ['Maximum of 50 posts available to include in this list'],
      [],
      headers,
      ...posts.map((_, i) => [
        byEngagements[i]!.url,
        byEngagements[i]!.date,
        byEngagements[i]!.engagements,
        null,
        byImpressions[i]!.url,
        byImpressions[i]!.date,
        byImpressions[i]!.impressions,
      ]),
    ],
  };
}

/** The other sheets of the export, with LinkedIn's headers and a few figures. */
export const otherExportSheets: SheetSpec[] = [
  {
    name: 'DISCOVERY',
    rows: [
      ['Overall Performance', '10/1/2026 - 11/28/2026'],
      ['Impressions', 12345],
      ['Members reached', 6789],
    ],
  },
  {
    name: 'ENGAGEMENT',
    rows: [
      ['Date', 'Impressions', 'Engagements'],
      ['10/1/2026', 120, 8],
    ],
  },
  {
    name: 'FOLLOWERS',
    rows: [['Total followers on 11/28/2026:', 1234], [], ['Date', 'New followers'], ['10/1/2026', 3]],
  },
  {
    name: 'DEMOGRAPHICS',
    rows: [
      ['Top Demographics', 'Value', 'Percentage'],
      ['Job titles', 'Software Engineer', '0.12'],
    ],
  },
];

/** LinkedIn's whole export with these posts in TOP POSTS. */
export function analyticsExport(posts: readonly TopPost[]): Uint8Array {
  return buildWorkbook([
    otherExportSheets[0]!,
    otherExportSheets[1]!,
    topPostsSheet(posts),
    ...otherExportSheets.slice(2),
  ]);
}

/** M/D/YYYY of an ISO instant's UTC day, as LinkedIn's English export writes dates. */
export const linkedinDate = (iso: string) => {
  const date = new Date(iso);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
};
