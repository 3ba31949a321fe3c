import { useMemo } from 'react';
import { authorStyleOf, type AuthorStyle } from './author-style';

/** A voice sample as the profile keeps it, or its words. */
type Sample = string | { readonly content: string };

/**
 * The author's style for the post check, from their voice samples: worked out when the samples
 * change (a new array from the profile store), never on a keystroke. Undefined without samples.
 */
export function useAuthorStyle(samples: readonly Sample[] | undefined): AuthorStyle | undefined {
  return useMemo(() => {
    if (!samples || samples.length === 0) return undefined;
    return authorStyleOf(samples.map((sample) => (typeof sample === 'string' ? sample : sample.content)));
  }, [samples]);
}
