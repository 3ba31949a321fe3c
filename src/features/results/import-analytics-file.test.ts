import { describe, expect, it } from 'vitest';
import {
  analyticsExport,
  buildWorkbook,
  otherExportSheets,
  topPostsSheet,
  type TopPost,
} from '../../../harness/analytics-workbook';
import { importAnalyticsBytes, importAnalyticsFile } from './import-analytics-file';

// LinkedIn's analytics export as the app reads it: synthetic workbooks with the real sheet and
// column names (harness/analytics-workbook.ts), read by the real XLSX reader.

const url = (id: number) => `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`;
const posts: TopPost[] = [
  { url: url(1), date: '11/7/2026', engagements: 120, impressions: 4000 },
  { url: url(2), date: '11/12/2026', engagements: '1,234', impressions: '56,789' },
  { url: url(3), date: '10/30/2026', engagements: 7, impressions: 900 },
];

async function refusal(bytes: Uint8Array) {
  const result = await importAnalyticsBytes(bytes);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('importAnalyticsBytes', () => {
  it('reads TOP POSTS: both tables joined by post URL, dates month first, numbers written as text', async () => {
    const result = await importAnalyticsBytes(analyticsExport(posts));
    expect(result).toMatchObject({ ok: true, sheet: 'TOP POSTS' });
    if (!result.ok) return;
    expect(result.rows.toSorted((a, b) => a.url.localeCompare(b.url))).toEqual([
      expect.objectContaining({ url: url(1), day: '2026-11-07', engagements: 120, impressions: 4000 }),
      expect.objectContaining({ url: url(2), day: '2026-11-12', engagements: 1234, impressions: 56789 }),
      expect.objectContaining({
        url: url(3),
        day: '2026-10-30',
        engagements: 7,
        impressions: 900,
        reactions: null,
      }),
    ]);
  });

  it('reads German headers and sheet names, with day-first dates and dotted thousands', async () => {
    const sheet = topPostsSheet(
      [{ url: url(9), date: '07.11.2026', engagements: '1.234', impressions: '12.345' }],
      [
        'Beitrags-URL',
        'Veröffentlichungsdatum des Beitrags',
        'Interaktionen',
        null,
        'Beitrags-URL',
        'Veröffentlichungsdatum des Beitrags',
        'Impressionen',
      ],
    );
    const result = await importAnalyticsBytes(buildWorkbook([{ ...sheet, name: 'TOP-BEITRÄGE' }]));
    expect(result).toMatchObject({
      ok: true,
      rows: [
        expect.objectContaining({ url: url(9), day: '2026-11-07', engagements: 1234, impressions: 12345 }),
      ],
    });
  });

  it('reads French headers with day-first slashed dates', async () => {
    const sheet = topPostsSheet(
      [{ url: url(5), date: '03/04/2026', engagements: 3, impressions: '1 200' }],
      [
        'URL de la publication',
        'Date de publication',
        'Interactions',
        null,
        'URL de la publication',
        'Date de publication',
        'Impressions',
      ],
    );
    const result = await importAnalyticsBytes(buildWorkbook([sheet]));
    expect(result).toMatchObject({
      ok: true,
      rows: [expect.objectContaining({ day: '2026-04-03', impressions: 1200 })],
    });
  });

  it('refuses a workbook that is not LinkedIn’s, naming its sheets', async () => {
    const error = await refusal(
      buildWorkbook([
        {
          name: 'Budget 2027',
          rows: [
            ['Item', 'Cost'],
            ['Laptops', 1200],
          ],
        },
      ]),
    );
    expect(error.code).toBe('not-linkedin');
    expect(error.message).toContain('“Budget 2027”');
    expect(error.message).toContain('not LinkedIn');
  });

  it('refuses LinkedIn’s export without its TOP POSTS sheet', async () => {
    const error = await refusal(buildWorkbook(otherExportSheets));
    expect(error).toMatchObject({ code: 'no-top-posts' });
    expect(error.message).toContain('DISCOVERY');
  });

  it('refuses renamed columns, naming the ones it found and the languages it reads', async () => {
    const sheet = topPostsSheet(posts, ['Link', 'When', 'Likes', null, 'Link', 'When', 'Views']);
    const error = await refusal(buildWorkbook([...otherExportSheets, sheet]));
    expect(error.code).toBe('wrong-columns');
    expect(error.message).toContain('“Link”, “When”, “Likes”');
    expect(error.message).toContain('German');
  });

  it('refuses a figure that is not a count, naming its row and column: nothing is imported', async () => {
    const error = await refusal(
      analyticsExport([...posts, { url: url(4), date: '11/1/2026', engagements: 'lots', impressions: 10 }]),
    );
    expect(error.code).toBe('bad-figure');
    expect(error.message).toMatch(/^Row \d+ of “TOP POSTS” has “lots” as Engagements/u);
  });

  it('refuses a TOP POSTS that lists no posts', async () => {
    expect((await refusal(analyticsExport([]))).code).toBe('no-posts');
  });

  it('refuses what is not a workbook: an empty file, text, a plain ZIP', async () => {
    expect((await refusal(new Uint8Array())).code).toBe('empty-file');
    expect((await refusal(new TextEncoder().encode('Post URL,Impressions\n'))).code).toBe('not-a-workbook');
  });

  it('refuses a 50 MB file before reading it', async () => {
    const big = new Blob([new Uint8Array(50 * 1000 * 1000)]);
    const result = await importAnalyticsFile(big);
    expect(result).toMatchObject({ ok: false, error: { code: 'file-too-large' } });
    if (!result.ok) expect(result.error.message).toContain('This file is 50 MB');
  });
});
