const quote = 34; // "
const backslash = 92; // \
const comma = 44;
const lineFeed = 10;
const carriageReturn = 13;

/** The end of an unquoted field, or of a quoted one after its closing quote (NaN: the end of the text). */
const endsField = (code: number) =>
  Number.isNaN(code) || code === comma || code === lineFeed || code === carriageReturn;

/**
 * Splits CSV text into records of fields, in the dialect of LinkedIn's data export
 * (docs/decisions/023-linkedin-archive-import.md). A quoted field may hold commas and line breaks,
 * and a quote inside it is written either way LinkedIn writes one: doubled (`""`, RFC 4180) or
 * backslash-escaped (`\"`), both in one file. A quote inside a quoted field that is neither and does
 * not end the field is kept as text, and an unclosed quote takes the rest of the text: this never
 * throws, the caller checks what the fields hold.
 */
export function readCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let index = 0;
  while (index < text.length) {
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(index) === quote) [value, index] = readQuoted(text, index + 1);
      else {
        const start = index;
        while (!endsField(text.charCodeAt(index))) index += 1;
        value = text.slice(start, index);
      }
      fields.push(value);
      if (text.charCodeAt(index) !== comma) break;
      index += 1;
    }
    if (text.charCodeAt(index) === carriageReturn) index += 1;
    if (text.charCodeAt(index) === lineFeed) index += 1;
    records.push(fields);
  }
  return records;
}

/** A quoted field from just after its opening quote: its text and where the field ends. */
function readQuoted(text: string, start: number): [string, number] {
  let value = '';
  let from = start;
  let index = start;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if ((code === backslash || code === quote) && next === quote) {
      value += `${text.slice(from, index)}"`;
      index += 2;
      from = index;
    } else if (code === quote && endsField(next)) {
      return [value + text.slice(from, index), index + 1];
    } else {
      // Any other character, a stray quote included ("a"b), is the field's text.
      index += 1;
    }
  }
  return [value + text.slice(from), text.length];
}
