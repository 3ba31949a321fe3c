/** A reply of the chat, in parts: markdown to show, and suggested versions of the post to apply. */
export type ReplyPart = { kind: 'text'; text: string } | { kind: 'post'; text: string };

const fenced = /^```post[ \t]*\n([\s\S]*?)\n```[ \t]*$/gmu;

/**
 * Splits a reply around its ```post blocks (see chatSystemPrompt): each block is a version of the
 * whole post the author can apply; the rest is the coach's words.
 */
export function splitReply(reply: string): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let from = 0;
  for (const match of reply.matchAll(fenced)) {
    const before = reply.slice(from, match.index).trim();
    if (before) parts.push({ kind: 'text', text: before });
    const post = (match[1] ?? '').trim();
    if (post) parts.push({ kind: 'post', text: post });
    from = match.index + match[0].length;
  }
  const rest = reply.slice(from).trim();
  if (rest) parts.push({ kind: 'text', text: rest });
  return parts;
}
