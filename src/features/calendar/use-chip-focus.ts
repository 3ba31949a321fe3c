import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the keyboard focus on a post whose chip re-renders elsewhere (another day cell, or another
 * month once it loads): `focusChip(id)` focuses the chip with that post id as soon as it is on the
 * page. It gives up if the user has meanwhile put focus somewhere else, so it never steals it.
 */
export function useChipFocus(container: RefObject<HTMLElement | null>) {
  const pending = useRef<string | null>(null);

  useEffect(() => {
    const id = pending.current;
    if (id === null) return;
    const active = document.activeElement;
    if (
      active &&
      active !== document.body &&
      !(active instanceof HTMLElement && active.dataset.postId === id)
    ) {
      pending.current = null;
      return;
    }
    const chips = container.current?.querySelectorAll<HTMLElement>('[data-post-id]') ?? [];
    const chip = Array.from(chips).find((element) => element.dataset.postId === id);
    if (!chip) return;
    pending.current = null;
    chip.focus();
  });

  return {
    focusChip: (id: string) => {
      pending.current = id;
    },
  };
}
