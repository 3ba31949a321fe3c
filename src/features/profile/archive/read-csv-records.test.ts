import { readCsvRecords } from './read-csv-records';

describe('readCsvRecords (LinkedIn’s CSV dialect)', () => {
  it('splits plain fields and records, with \\n, \\r\\n or \\r between records', () => {
    expect(readCsvRecords('a,b,c\n1,,3\r\nx,y,z\rlast,,')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
      ['x', 'y', 'z'],
      ['last', '', ''],
    ]);
  });

  it('keeps commas and line breaks inside quoted fields', () => {
    expect(readCsvRecords('"one, two","line 1\nline 2\r\nline 3",end\n')).toEqual([
      ['one, two', 'line 1\nline 2\r\nline 3', 'end'],
    ]);
  });

  it('reads doubled quotes (RFC 4180) and backslash-escaped quotes, both in one file', () => {
    const csv = ['"Check out ""this"" article",1', '"Back when I led the \\"tea, Earl Grey\\" team",2'].join(
      '\n',
    );
    expect(readCsvRecords(csv)).toEqual([
      ['Check out "this" article', '1'],
      ['Back when I led the "tea, Earl Grey" team', '2'],
    ]);
  });

  it('reads an escaped quote right before a comma or the closing quote as text', () => {
    expect(
      readCsvRecords('"\\"Quote\\", he said",x\n"We call it \\"the rule\\"",y\n"""Done"" wins",z'),
    ).toEqual([
      ['"Quote", he said', 'x'],
      ['We call it "the rule"', 'y'],
      ['"Done" wins', 'z'],
    ]);
  });

  it('reads empty quoted fields and blank lines', () => {
    expect(readCsvRecords('a,"",c\n\nd,e,f\n')).toEqual([['a', '', 'c'], [''], ['d', 'e', 'f']]);
  });

  it('keeps a stray quote inside a quoted field as text', () => {
    expect(readCsvRecords('"say "hi" now",b\n')).toEqual([['say "hi" now', 'b']]);
  });

  it('lets an unclosed quote take the rest of the text instead of throwing', () => {
    expect(readCsvRecords('a,"never closed\nb,c\n')).toEqual([['a', 'never closed\nb,c\n']]);
  });

  it('keeps emoji, flags and joined emoji whole', () => {
    expect(readCsvRecords('"🚀 shipped 👩‍💻 🇬🇧",ok')).toEqual([['🚀 shipped 👩‍💻 🇬🇧', 'ok']]);
  });

  it('reads nothing from an empty text', () => {
    expect(readCsvRecords('')).toEqual([]);
  });
});
