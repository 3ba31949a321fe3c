import { describe, expect, it } from 'vitest';
import { createSseEventParser } from './sse-event-parser.ts';

describe('createSseEventParser', () => {
  it('parses named events, multi-line data and the optional space after the colon', () => {
    const parser = createSseEventParser();
    expect(parser.push('event: a\ndata: one\ndata:two\n\ndata: plain\n\n')).toEqual([
      { event: 'a', data: 'one\ntwo' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('keeps a CR at the end of a chunk until it knows whether an LF follows', () => {
    const parser = createSseEventParser();
    expect(parser.push('data: x\r')).toEqual([]);
    expect(parser.push('\n\r')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('accepts lone CRs as line endings', () => {
    const parser = createSseEventParser();
    expect(parser.push('event: e\rdata: y\r\rdata: z\r\r')).toEqual([{ event: 'e', data: 'y' }]);
    // The last CR might still be followed by an LF; the end of the stream settles it.
    expect(parser.end()).toEqual([{ event: 'message', data: 'z' }]);
  });

  it('ignores comments, unknown fields and events without data', () => {
    expect(
      createSseEventParser().push(': keep-alive\n\nid: 3\nretry: 10\nevent: empty\n\ndata: d\n\n'),
    ).toEqual([{ event: 'message', data: 'd' }]);
  });

  it('drops an event that the stream ends before closing', () => {
    const parser = createSseEventParser();
    expect(parser.push('data: partial')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });

  it('reads a line without a colon as a field with an empty value (the example in the SSE standard)', () => {
    const parser = createSseEventParser();
    expect(parser.push('data\n\ndata\ndata\n\ndata:\n\n')).toEqual([
      { event: 'message', data: '' },
      { event: 'message', data: '\n' },
      { event: 'message', data: '' },
    ]);
    expect(parser.push('event: named\nevent\ndata: d\n\n')).toEqual([{ event: 'message', data: 'd' }]);
  });

  it('keeps only the one space after the colon, and a colon inside the value', () => {
    expect(createSseEventParser().push('data:  two spaces\ndata:a: b\nevent:x\n\n')).toEqual([
      { event: 'x', data: ' two spaces\na: b' },
    ]);
  });

  it('drops an event whose data lines ended but whose blank line never came', () => {
    const parser = createSseEventParser();
    expect(parser.push('event: e\ndata: complete line\n')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });
});
