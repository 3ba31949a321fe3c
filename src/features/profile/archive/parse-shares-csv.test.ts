import sharesCsv from '../../../../tests/fixtures/linkedin-archive/Shares.csv?raw';
import {
  fixturePostCount,
  fixtureReshareCount,
} from '../../../../tests/fixtures/linkedin-archive/build-archive.ts';
import { archiveDate, describeSkipped, parseSharesCsv, type SharesParse } from './parse-shares-csv';

const header = 'Date,ShareLink,ShareCommentary,SharedUrl,MediaUrl,Visibility';

function posts(parse: SharesParse) {
  if (!parse.ok) throw new Error(parse.error.message);
  return parse.posts;
}

describe('parseSharesCsv', () => {
  it('reads every post of the synthetic archive, newest first, and skips the reshares', () => {
    const parse = parseSharesCsv(sharesCsv);
    expect(parse.ok && parse.skipped).toEqual({
      withoutText: fixtureReshareCount,
      tooLong: 0,
      unreadable: 0,
    });
    const read = posts(parse);
    expect(read).toHaveLength(fixturePostCount);
    expect(read[0]).toEqual({
      postedAt: '2026-11-03T12:15:00.000Z',
      link: 'https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A730017',
      text: `Three things I learned shipping our first AI feature, in order of pain:

1. Users don't read release notes, they read error messages.
2. "Fast" means under a second, not "fast for AI".
3. Nobody asked for a chatbot; they asked for fewer forms.

What would you add?`,
    });
    expect(read.map((post) => post.postedAt)).toEqual(
      read
        .map((post) => post.postedAt)
        .toSorted()
        .reverse(),
    );
  });

  it('unescapes LinkedIn’s backslash-escaped quotes and keeps emoji whole', () => {
    const texts = posts(parseSharesCsv(sharesCsv)).map((post) => post.text);
    expect(texts).toContain(
      'My first manager told me: "Write the email you wish you had received.", and I still do it.\n\nIt takes five more minutes. It saves five meetings.',
    );
    expect(texts).toContain(
      'Nothing ships after 3 pm on a Friday. Not a rule from a book: it came from one very long weekend. We call it "the Friday rule"',
    );
    expect(texts.find((text) => text.startsWith('"Done is better'))).toBeDefined();
    expect(texts.find((text) => text.startsWith('Shipped!'))).toContain('🚀 Our team of four');
    expect(texts.find((text) => text.startsWith('Shipped!'))).toContain('👩‍💻🇬🇧');
  });

  it('refuses a CSV with other columns, naming them', () => {
    const parse = parseSharesCsv(
      'First Name,Last Name,URL,Email Address,Company,Position,Connected On\nAda,L,x,,,,\n',
    );
    expect(parse).toEqual({
      ok: false,
      error: {
        code: 'wrong-columns',
        message:
          "This CSV is not LinkedIn's Shares.csv: that has the columns Date and ShareCommentary, and this one has First Name, Last Name, URL, Email Address, Company, …. Choose the ZIP file LinkedIn sent you, or the Shares.csv inside it.",
      },
    });
  });

  it('refuses an empty file as having no columns', () => {
    expect(parseSharesCsv('')).toMatchObject({ ok: false, error: { code: 'wrong-columns' } });
  });

  it('reads the columns in any order and case, and a file without ShareLink', () => {
    const read = posts(
      parseSharesCsv('sharecommentary,DATE\n"A post of mine, long enough to matter.",2024-02-29 23:59:59\n'),
    );
    expect(read).toEqual([
      { postedAt: '2024-02-29T23:59:59.000Z', text: 'A post of mine, long enough to matter.', link: '' },
    ]);
  });

  it('leaves out a post of 30,000 characters and says why', () => {
    const long = 'word '.repeat(6000).trim();
    const parse = parseSharesCsv(
      `${header}\n2026-01-01 10:00:00,https://l/1,"${long}",,,PUBLIC\n2026-01-02 10:00:00,https://l/2,Short and fine.,,,PUBLIC\n`,
    );
    expect(posts(parse).map((post) => post.text)).toEqual(['Short and fine.']);
    expect(parse.ok && describeSkipped(parse.skipped)).toEqual([
      '1 post longer than 20,000 characters was left out: a LinkedIn post has at most 3,000, so that part of the file is probably damaged.',
    ]);
  });

  it('counts a post by code points, as the database does: 20,000 emoji are not too long', () => {
    const emoji = '🚀'.repeat(20_000);
    expect(posts(parseSharesCsv(`Date,ShareCommentary\n2026-01-01,${emoji}\n`))).toHaveLength(1);
    expect(posts(parseSharesCsv(`Date,ShareCommentary\n2026-01-01,${emoji}🚀\n`))).toHaveLength(0);
  });

  it('counts rows without a readable date, and keeps each post once', () => {
    const parse = parseSharesCsv(
      `${header}\nyesterday,https://l/1,Text,,,\n2026-02-30 10:00:00,https://l/2,Text,,,\n2026-01-01 10:00:00\n2026-01-01 10:00:00,https://l/3,Twice,,,\n2026-01-01 10:00:00,https://l/3,Twice,,,\n`,
    );
    expect(posts(parse)).toHaveLength(1);
    expect(parse.ok && parse.skipped).toEqual({ withoutText: 0, tooLong: 0, unreadable: 3 });
    expect(parse.ok && describeSkipped(parse.skipped)).toEqual([
      '3 rows could not be read and were left out.',
    ]);
  });

  it('normalises line breaks to \\n and trims the text', () => {
    expect(posts(parseSharesCsv(`Date,ShareCommentary\n2026-01-01,"  one\r\ntwo\rthree  "\n`))[0]?.text).toBe(
      'one\ntwo\nthree',
    );
  });

  it('says how many reshares were skipped, in words', () => {
    expect(describeSkipped({ withoutText: 1, tooLong: 0, unreadable: 0 })).toEqual([
      '1 reshare without a comment of your own was skipped.',
    ]);
    expect(describeSkipped({ withoutText: 1200, tooLong: 2, unreadable: 1 })).toEqual([
      '1,200 reshares without a comment of your own were skipped.',
      '2 posts longer than 20,000 characters were left out: a LinkedIn post has at most 3,000, so that part of the file is probably damaged.',
      '1 row could not be read and was left out.',
    ]);
  });
});

describe('archiveDate', () => {
  it.each([
    ['2026-11-03 12:15:00', '2026-11-03T12:15:00.000Z'],
    ['2026-11-03 12:15', '2026-11-03T12:15:00.000Z'],
    ['2026-11-03', '2026-11-03T00:00:00.000Z'],
    ['2026-11-03T12:15:00Z', '2026-11-03T12:15:00.000Z'],
    ['2026-11-03 12:15:00 UTC', '2026-11-03T12:15:00.000Z'],
    [' 2026-11-03 12:15:00 ', '2026-11-03T12:15:00.000Z'],
  ])('reads %j as UTC', (value, iso) => {
    expect(archiveDate(value)).toBe(iso);
  });

  it.each(['', '03/11/2026', '2026-13-01', '2026-02-29', '2026-11-03 24:00:00', '2026-11-03 12:60'])(
    'refuses %j',
    (value) => {
      expect(archiveDate(value)).toBeNull();
    },
  );
});
