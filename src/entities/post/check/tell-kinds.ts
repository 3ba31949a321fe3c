import type { FindingKind } from './check-post';

/**
 * The kinds of finding that say a post reads as AI writing: not its length, the fold, links,
 * markdown or the hashtag setting, which are about the feed. The evaluation bench reports how
 * often posts get one of these; the author's habits are taken from them.
 */
export const aiTellKinds: readonly FindingKind[] = [
  'em-dash',
  'not-x-but-y',
  'stock-opener',
  'stock-closer',
  'stock-vocabulary',
  'rule-of-three',
  'emoji-bullets',
  'arrow-bullets',
  'unicode-styling',
  'one-line-paragraphs',
];
