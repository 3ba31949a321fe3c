/** One server-sent event: its `event:` name ("message" when absent) and its joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseEventParser {
  /** Feeds decoded text; returns the events completed by it. Lines and events may span calls. */
  push(text: string): SseEvent[];
  /** The stream ended: an event without its closing blank line is dropped, as the SSE standard says. */
  end(): SseEvent[];
}

/**
 * An incremental parser for `text/event-stream` (WHATWG HTML §9.2): LF, CRLF and CR line endings
 * (a CR at the end of a chunk waits for the next chunk, which may start with its LF), comments,
 * multi-line data, and one optional space after the colon.
 */
export function createSseEventParser(): SseEventParser {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];

  const takeLine = (line: string, events: SseEvent[]) => {
    if (line === '') {
      if (dataLines.length > 0) events.push({ event: eventName || 'message', data: dataLines.join('\n') });
      eventName = '';
      dataLines = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
  };

  return {
    push(text) {
      buffer += text;
      const events: SseEvent[] = [];
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        if (char === '\r' && index === buffer.length - 1) break;
        takeLine(buffer.slice(start, index), events);
        if (char === '\r' && buffer[index + 1] === '\n') index += 1;
        start = index + 1;
      }
      buffer = buffer.slice(start);
      return events;
    },
    end() {
      const events: SseEvent[] = [];
      if (buffer.endsWith('\r')) {
        takeLine(buffer.slice(0, -1), events);
        buffer = '';
      }
      return events;
    },
  };
}
