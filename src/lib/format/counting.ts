/** A count as the app writes it: "1,234". */
export const formatCount = (count: number): string => count.toLocaleString('en-US');

/** A count with its noun: "1 post", "1,234 posts". */
export const plural = (count: number, one: string, many: string): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
