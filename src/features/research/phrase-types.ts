/** The four ways a pain point can be phrased in community posts (docs/product.md §12). */
export const phraseTypes = {
  how: 'How do you',
  struggle: "I'm struggling with",
  challenge: 'Biggest challenge',
  cant: "I can't stand",
} as const;

export type PhraseType = keyof typeof phraseTypes;
