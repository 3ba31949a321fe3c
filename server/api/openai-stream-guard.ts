import { errorMessageIn } from './provider-error-response.ts';
import { redactSecrets, sanitiseProviderMessage } from './redact-secrets.ts';

const LF = 0x0a;
const CR = 0x0d;
const encoder = new TextEncoder();
// The start of every completion chunk Groq sends (docs/wire-formats.md §7). Such a line streams on as it comes.
const chunkPrefix = encoder.encode('data: {"id":');

export interface StreamGuardOptions {
  /** "Groq": the start of the error message the browser shows. */
  label: string;
  /** The server's provider keys, hidden by value. */
  secrets: readonly string[];
}

/**
 * An OpenAI-style event stream (Groq) on its way to the browser. Completion chunks pass byte for
 * byte and unbuffered, even a line cut across network reads; an error event (`data: {"error":…}`,
 * or any data after `event: error`), which groq-sdk throws with its message for the user to read,
 * is replaced by our own error with a sanitised message. Other lines (comments, ids, data that is
 * not JSON) are held until their end and redacted. Cancelling the result cancels the upstream.
 */
export function guardOpenAiStream(
  source: ReadableStream<Uint8Array>,
  options: StreamGuardOptions,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const guard = createLineGuard(options);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch {
          // Closed, not errored: an errored response makes the Node server destroy the socket,
          // which drops bytes written but not yet flushed (the partial post the browser keeps).
          controller.enqueue(concat(guard.cut()));
          controller.close();
          return;
        }
        const { done, value } = read;
        const parts = done ? guard.end() : guard.push(value);
        // One enqueue per read, so one upstream read stays one write to the browser.
        if (parts.length > 0) controller.enqueue(concat(parts));
        if (done) controller.close();
        if (done || parts.length > 0) return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The byte-level state machine behind guardOpenAiStream; exported for its tests. */
export function createLineGuard(options: StreamGuardOptions) {
  let held: Uint8Array[] = [];
  let heldSize = 0;
  /** The current line is a completion chunk whose start has been sent: send the rest as it comes. */
  let passing = false;
  /** The current line has been checked against the chunk prefix and is held to its end. */
  let heldToEnd = false;
  /** The last byte was a CR: a LF right after it belongs to the same line ending. */
  let afterCR = false;
  /** The current event was named `event: error`. */
  let inErrorEvent = false;

  const takeHeld = (): Uint8Array => {
    const bytes = concat(held, heldSize);
    held = [];
    heldSize = 0;
    heldToEnd = false;
    return bytes;
  };

  const startsAsChunk = (): boolean => {
    const start = concat(held, heldSize).subarray(0, chunkPrefix.length);
    return start.every((byte, index) => byte === chunkPrefix[index]);
  };

  /** The held line, complete: its own bytes, or what replaces them. */
  const finishLine = (): Uint8Array => {
    const bytes = takeHeld();
    const replacement = reviewLine(new TextDecoder().decode(bytes));
    return replacement === null ? bytes : encoder.encode(replacement);
  };

  function reviewLine(line: string): string | null {
    if (line === '') {
      inErrorEvent = false;
      return null;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') {
      inErrorEvent = value.trim() === 'error';
      return null;
    }
    if (field === 'data') {
      if (value === '[DONE]') return null;
      const data = parseJson(value);
      const isError =
        inErrorEvent ||
        (typeof data === 'object' && data !== null && Boolean((data as { error?: unknown }).error));
      if (isError) return `data: ${JSON.stringify({ error: streamError(data, options) })}`;
      if (data !== undefined) return null;
    }
    // Nothing here is shown to the user, but a key must not reach the browser at all.
    const redacted = redactSecrets(line, options.secrets);
    return redacted === line ? null : redacted;
  }

  return {
    push(chunk: Uint8Array): Uint8Array[] {
      const out: Uint8Array[] = [];
      let index = 0;
      while (index < chunk.length) {
        if (afterCR) {
          afterCR = false;
          if (chunk[index] === LF) {
            out.push(chunk.subarray(index, index + 1));
            index += 1;
            continue;
          }
        }
        const end = lineEnd(chunk, index);
        if (passing) {
          const stop = end === -1 ? chunk.length : end + 1;
          out.push(chunk.subarray(index, stop));
          if (end !== -1) {
            passing = false;
            afterCR = chunk[end] === CR;
          }
          index = stop;
          continue;
        }
        const stop = end === -1 ? chunk.length : end;
        if (stop > index) {
          held.push(chunk.slice(index, stop));
          heldSize += stop - index;
        }
        index = stop;
        if (!heldToEnd && heldSize >= chunkPrefix.length) {
          if (!inErrorEvent && startsAsChunk()) {
            out.push(takeHeld());
            passing = true;
            continue;
          }
          heldToEnd = true;
        }
        if (end === -1) break;
        // A line shorter than the prefix, or one held to its end: review it whole.
        out.push(finishLine(), chunk.subarray(end, end + 1));
        afterCR = chunk[end] === CR;
        index = end + 1;
      }
      return out.filter((part) => part.byteLength > 0);
    },
    /**
     * The upstream failed (a cut connection): the line and event under way are ended (blank lines
     * between events are ignored), and an error event with code `stream_interrupted` tells the
     * browser the post is unfinished.
     */
    cut(): Uint8Array[] {
      const held = heldSize > 0 ? [finishLine()] : [];
      passing = false;
      const event = `\n\ndata: ${JSON.stringify({ error: interruptedError(options) })}\n\n`;
      return [...held, encoder.encode(event)];
    },
    /** The upstream ended: a last line without its line ending is reviewed like any other. */
    end(): Uint8Array[] {
      if (heldSize === 0) return [];
      return [finishLine()];
    },
  };
}

function streamError(data: unknown, options: StreamGuardOptions) {
  const providerMessage = errorMessageIn(data);
  const detail = providerMessage === null ? '' : sanitiseProviderMessage(providerMessage, options.secrets);
  return {
    message: `${options.label} API error: ${detail || 'The response stream failed.'}`,
    type: 'api_error',
    code: 'provider_error',
  };
}

function interruptedError(options: StreamGuardOptions) {
  return {
    message: `${options.label} API error: The connection to ${options.label} was cut before the post was finished.`,
    type: 'api_error',
    code: 'stream_interrupted',
  };
}

function lineEnd(chunk: Uint8Array, from: number): number {
  for (let index = from; index < chunk.length; index += 1) {
    const byte = chunk[index];
    if (byte === LF || byte === CR) return index;
  }
  return -1;
}

function concat(
  parts: Uint8Array[],
  size = parts.reduce((total, part) => total + part.byteLength, 0),
): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
