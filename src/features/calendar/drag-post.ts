import type { DragEvent } from 'react';

/**
 * A calendar chip being dragged carries its post id under this type. Browsers hide a drag's data
 * until the drop (only its types can be read in dragover), so a day cell checks the type to accept
 * a chip and ignores other drags (files, links, text).
 */
export const postDragType = 'application/x-calendar-post';

export function startPostDrag(event: DragEvent, postId: string): void {
  event.dataTransfer.setData(postDragType, postId);
  event.dataTransfer.effectAllowed = 'move';
}

/** Whether a drag carries a calendar chip (readable during dragover). */
export function isPostDrag(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes(postDragType);
}

/** The dropped chip's post id, or null for any other drop. */
export function droppedPostId(event: DragEvent): string | null {
  return event.dataTransfer?.getData(postDragType) || null;
}
