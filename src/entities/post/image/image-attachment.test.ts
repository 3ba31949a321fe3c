import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/config/messages';
import { imageProblemMessage, imageSaveFailure, pickImage, releasePendingImage } from './image-attachment';

/** A whole 1×1 PNG. */
const png = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);
const file = (content: BlobPart[], name = 'picture.png') => new File(content, name, { type: 'image/png' });

afterEach(() => vi.unstubAllGlobals());

describe('imageProblemMessage', () => {
  it.each([
    ['empty', messages.image_empty],
    ['not-an-image', messages.image_not_an_image],
    ['corrupt', messages.image_corrupt],
  ] as const)('says why a %s file is refused', (problem, message) => {
    expect(imageProblemMessage({ problem, size: 10 })).toBe(message);
  });

  it('gives the size of a file that is too large, and the limit, in MB with one decimal', () => {
    expect(imageProblemMessage({ problem: 'too-large', size: 52_638_515 })).toBe(
      'Images can be at most 5 MB. This one is 50.2 MB; the limit is 5.0 MB.',
    );
  });
});

describe('imageSaveFailure', () => {
  it('passes on the upload and quota messages, and nothing else', () => {
    expect(imageSaveFailure(new Error(messages.image_upload_failed))).toBe(messages.image_upload_failed);
    expect(imageSaveFailure(new Error(messages.image_quota_full))).toBe(messages.image_quota_full);
    expect(imageSaveFailure(new Error(messages.no_connection))).toBeNull();
    expect(imageSaveFailure('The image could not be uploaded')).toBeNull();
  });
});

describe('pickImage', () => {
  function stubBrowser(width = 800, height = 600) {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width, height, close: () => {} })),
    );
    const created = vi.fn(() => 'blob:preview');
    const revoked = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, { createObjectURL: created, revokeObjectURL: revoked }),
    );
    return { created, revoked };
  }

  it('prepares the first file, gives it a preview link and keeps the alt text', async () => {
    const { created } = stubBrowser();
    const result = await pickImage([file([png])], 'Kept alt');
    expect(result).toMatchObject({
      pending: { previewUrl: 'blob:preview', alt: 'Kept alt', image: { width: 800, type: 'image/png' } },
      note: null,
    });
    expect(created).toHaveBeenCalledOnce();
  });

  it('uses only the first of several files and says so', async () => {
    stubBrowser();
    const result = await pickImage([file([png]), file([png], 'second.png')]);
    expect(result).toMatchObject({ note: messages.image_one_only });
  });

  it('says what is wrong with a file that cannot be used, and with no file at all', async () => {
    stubBrowser();
    expect(await pickImage([file(['plain text, not a picture'])])).toEqual({
      error: messages.image_not_an_image,
    });
    expect(await pickImage([file([])])).toEqual({ error: messages.image_empty });
    expect(await pickImage([])).toEqual({ error: messages.image_not_an_image });
  });

  it('releases a preview link, and nothing when there is none', () => {
    const { revoked } = stubBrowser();
    releasePendingImage(null);
    expect(revoked).not.toHaveBeenCalled();
    releasePendingImage({
      previewUrl: 'blob:x',
      alt: '',
      image: { blob: new Blob(), type: 'image/png', width: 1, height: 1, extension: 'png' },
    });
    expect(revoked).toHaveBeenCalledWith('blob:x');
  });
});
