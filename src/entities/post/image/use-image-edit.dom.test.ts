import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/config/messages';
import { useImageEdit } from './use-image-edit';

/** A whole 1×1 PNG. */
const png = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);
const pngFile = () => new File([png], 'new.png', { type: 'image/png' });
const stored = { image_path: 'user/old.png', image_alt: 'Old alt' };

beforeEach(() => {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 10, height: 20, close: () => {} })),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, { createObjectURL: () => 'blob:new', revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('useImageEdit', () => {
  it('starts from the stored image and changes nothing until something is changed', () => {
    const { result } = renderHook(() => useImageEdit(stored));
    expect(result.current.shown).toEqual({ kind: 'stored', path: 'user/old.png', alt: 'Old alt' });
    expect(result.current.edit()).toBeUndefined();
  });

  it('saves a changed alt text of the stored image (trailing spaces do not count as a change)', () => {
    const { result } = renderHook(() => useImageEdit(stored));
    act(() => result.current.setAlt('Old alt  '));
    expect(result.current.edit()).toBeUndefined();
    act(() => result.current.setAlt('Better alt'));
    expect(result.current.edit()).toEqual({ kind: 'keep', alt: 'Better alt' });
  });

  it('replaces the image with a picked one, keeping the alt text typed so far and naming the old image', async () => {
    const { result } = renderHook(() => useImageEdit(stored));
    await act(() => result.current.attach([pngFile()]));
    expect(result.current.shown).toEqual({ kind: 'new', src: 'blob:new', alt: 'Old alt' });
    act(() => result.current.setAlt('New alt'));
    expect(result.current.edit()).toMatchObject({
      kind: 'replace',
      alt: 'New alt',
      previous: 'user/old.png',
      image: { width: 10 },
    });
  });

  it('keeps the new image’s preview link while its alt text changes, and releases it on Cancel', async () => {
    const { result } = renderHook(() => useImageEdit(stored));
    await act(() => result.current.attach([pngFile()]));
    act(() => result.current.setAlt('Typing the alt text'));
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    act(() => result.current.reset());
    expect(URL.revokeObjectURL).toHaveBeenCalledExactlyOnceWith('blob:new');
  });

  it('removes the stored image; removing from a post without one changes nothing', () => {
    const { result } = renderHook(() => useImageEdit(stored));
    act(() => result.current.remove());
    expect(result.current.shown).toBeNull();
    expect(result.current.edit()).toEqual({ kind: 'remove', previous: 'user/old.png' });
    const none = renderHook(() => useImageEdit({ image_path: null, image_alt: null }));
    act(() => none.result.current.remove());
    expect(none.result.current.edit()).toBeUndefined();
  });

  it('keeps what there was when a pick fails, says why, and Cancel goes back to the stored image', async () => {
    const { result } = renderHook(() => useImageEdit(stored));
    await act(() => result.current.attach([new File(['not an image'], 'notes.png')]));
    expect(result.current.error).toBe(messages.image_not_an_image);
    expect(result.current.shown).toMatchObject({ kind: 'stored' });
    await act(() => result.current.attach([pngFile(), pngFile()]));
    expect(result.current.note).toBe(messages.image_one_only);
    expect(result.current.error).toBeNull();
    act(() => result.current.reset());
    expect(result.current.shown).toEqual({ kind: 'stored', path: 'user/old.png', alt: 'Old alt' });
    expect(result.current.note).toBeNull();
  });
});
