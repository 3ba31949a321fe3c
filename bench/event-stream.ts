import { performance } from 'node:perf_hooks';

/**
 * Whether an OpenAI-style event stream holds a content delta with text: complete `data:` lines are
 * parsed, the first chunk's `{"role":"assistant","content":""}` does not count.
 */
export function hasContentToken(buffer: string): boolean {
  for (const line of buffer.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '' || data === '[DONE]' || !data.endsWith('}')) continue;
    try {
      const chunk = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
      const content = chunk.choices?.[0]?.delta?.content;
      if (typeof content === 'string' && content.length > 0) return true;
    } catch {
      // A line cut in the middle of a network chunk: the next read completes it.
    }
  }
  return false;
}

/**
 * Milliseconds from the start of the fetch to the first body chunk that completes a content token;
 * the reader is cancelled there (the rest of the stream is never read).
 */
export async function timeToFirstToken(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) {
    throw new Error(`POST ${url} returned ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done)
        throw new Error(`the stream of ${url} ended before the first token:\n${buffer.slice(0, 500)}`);
      buffer += decoder.decode(value, { stream: true });
      if (hasContentToken(buffer)) return performance.now() - started;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
