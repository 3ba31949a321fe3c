import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePastedImages } from './use-pasted-images';

function paste(files: File[], text = ''): ClipboardEvent {
  const data = { files, getData: () => text } as unknown as DataTransfer;
  const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
  Object.defineProperty(event, 'clipboardData', { value: data });
  document.body.dispatchEvent(event);
  return event;
}

describe('usePastedImages', () => {
  it('hands pasted files over and keeps the browser from pasting them as text', () => {
    const onFiles = vi.fn();
    renderHook(() => usePastedImages(onFiles));
    const file = new File(['x'], 'shot.png', { type: 'image/png' });
    const event = paste([file]);
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(event.defaultPrevented).toBe(true);
  });

  it('leaves a paste of text alone, and listens to nothing while off or after unmounting', () => {
    const onFiles = vi.fn();
    const { rerender, unmount } = renderHook(({ on }) => usePastedImages(onFiles, on), {
      initialProps: { on: true },
    });
    expect(paste([], 'hello').defaultPrevented).toBe(false);
    rerender({ on: false });
    paste([new File(['x'], 'a.png')]);
    rerender({ on: true });
    unmount();
    paste([new File(['x'], 'b.png')]);
    expect(onFiles).not.toHaveBeenCalled();
  });
});
