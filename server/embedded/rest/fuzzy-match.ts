/**
 * The closest string of a set, scored the way the Haskell `fuzzyset` 0.2 package scores it (PostgREST
 * picks its "Perhaps you meant …" hints with `Data.FuzzySet.getOne`): an exact case-insensitive
 * match wins; otherwise trigram, then bigram, cosine similarity picks up to 50 candidates, which are
 * re-ranked by normalised Levenshtein similarity and kept from 0.33 up.
 */
const minScore = 0.33;

export function closestMatch(candidates: Iterable<string>, query: string): string | null {
  const entries = [...new Set(candidates)].map((value) => ({ value, key: value.toLowerCase() }));
  const key = query.toLowerCase();
  const exact = entries.find((entry) => entry.key === key);
  if (exact) return exact.value;
  for (const gramSize of [3, 2]) {
    const best = bestForGramSize(entries, key, gramSize);
    if (best !== null) return best;
  }
  return null;
}

function bestForGramSize(
  entries: { value: string; key: string }[],
  key: string,
  gramSize: number,
): string | null {
  const queryGrams = gramCounts(key, gramSize);
  const queryNorm = norm(queryGrams);
  const scored: { value: string; key: string; score: number }[] = [];
  for (const entry of entries) {
    const grams = gramCounts(entry.key, gramSize);
    let dot = 0;
    for (const [gram, count] of queryGrams) dot += count * (grams.get(gram) ?? 0);
    // Only entries sharing a gram with the query are candidates at all.
    if (dot > 0) scored.push({ ...entry, score: dot / (queryNorm * norm(grams)) });
  }
  // Array.prototype.sort is stable, like Haskell's sortBy.
  scored.sort((a, b) => b.score - a.score);
  const reranked = scored
    .slice(0, 50)
    .map((entry) => ({ ...entry, score: levenshteinSimilarity(key, entry.key) }))
    .sort((a, b) => b.score - a.score);
  const first = reranked[0];
  return first && first.score >= minScore ? first.value : null;
}

/** Grams of the text lower-cased, reduced to letters, digits, spaces and commas, between dashes. */
function gramCounts(text: string, size: number): Map<string, number> {
  const normalized = `-${[...text.toLowerCase()].filter((char) => /[\p{L}\p{N}\s,]/u.test(char)).join('')}-`;
  const chars = [...normalized];
  const counts = new Map<string, number>();
  for (let offset = 0; offset + size <= chars.length; offset += 1) {
    const gram = chars.slice(offset, offset + size).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function norm(counts: Map<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count * count;
  return Math.sqrt(sum);
}

/** text-metrics' levenshteinNorm: 1 - distance / length of the longer string (1 for two empty strings). */
function levenshteinSimilarity(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  const longest = Math.max(left.length, right.length);
  if (longest === 0) return 1;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const substitution = (previous[j - 1] as number) + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return 1 - (previous[right.length] as number) / longest;
}
