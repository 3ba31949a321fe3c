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
});
