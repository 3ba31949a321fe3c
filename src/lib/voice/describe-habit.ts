/** The voice profile's sentences about a habit counted per post ("Usually opens with …"). */

/** Labels by how many posts have them, most first (ties: the one seen first). */
export function rank<T extends string>(labels: readonly T[]): Array<{ label: T; posts: number }> {
  const counts = new Map<T, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, posts]) => ({ label, posts })).sort((a, b) => b.posts - a.posts);
}

/** "a (1 of 5)", "a (1 of 5) or b (1 of 5)", "a (2 of 5), b (2 of 5) or c (1 of 5)". */
function either(kinds: readonly string[]): string {
  const last = kinds.at(-1) ?? '';
  return kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${last}` : last;
}

/**
 * "Opens with …" (one post), "Opens every post with …", with a habit in most posts "Usually ends
 * with … (3 of 5 posts), otherwise … (2 of 5)", or else the three most common: "Opens with …
 * (2 of 5 posts), … (2 of 5) or … (1 of 5)". One label per post, in the posts' order.
 */
export function describeHabit(verb: 'Opens' | 'Ends', labels: readonly string[]): string {
  const ranked = rank(labels).slice(0, 3);
  const total = labels.length;
  const [top] = ranked;
  if (total === 1 || !top) return `${verb} with ${labels.join('')}`;
  if (top.posts === total) return `${verb} every post with ${top.label}`;
  const counted = ranked.map(({ label, posts }) => `${label} (${posts} of ${total})`);
  const first = `${top.label} (${top.posts} of ${total} posts)`;
  if (top.posts * 2 > total)
    return `Usually ${verb.toLowerCase()} with ${first}, otherwise ${either(counted.slice(1))}`;
  return `${verb} with ${either([first, ...counted.slice(1)])}`;
}
