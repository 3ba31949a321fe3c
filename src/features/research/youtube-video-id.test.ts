import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractYouTubeVideoId } from './youtube-video-id';

const id = 'dQw4w9WgXcQ';

describe('extractYouTubeVideoId (docs/product.md §14)', () => {
  it.each([
    `https://www.youtube.com/watch?v=${id}`,
    `http://www.youtube.com/watch?v=${id}`,
    `https://youtube.com/watch?v=${id}`,
    `www.youtube.com/watch?v=${id}`,
    `youtube.com/watch?v=${id}`,
    `https://m.youtube.com/watch?v=${id}`,
    `https://music.youtube.com/watch?v=${id}&list=RDAMVM${id}`,
    `https://www.youtube.com/watch?feature=share&v=${id}`,
    `https://www.youtube.com/watch?v=${id}&t=42s`,
    `https://www.youtube.com/watch?v=${id}#t=1m30s`,
    `https://www.youtube.com/embed/${id}`,
    `https://www.youtube.com/embed/${id}?start=10&autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${id}`,
    `https://www.youtube.com/v/${id}`,
    `https://www.youtube.com/e/${id}`,
    `https://www.youtube.com/shorts/${id}`,
    `https://youtube.com/shorts/${id}?feature=share`,
    `https://www.youtube.com/live/${id}`,
    `https://youtu.be/${id}`,
    `youtu.be/${id}?t=42`,
    `http://youtu.be/${id}?si=abc#t=5`,
    `  https://youtu.be/${id}/  `,
    `//www.youtube.com/watch?v=${id}`,
    `https://www.youtube.com/WATCH?v=${id}`,
    `https://www.youtube.com/EMBED/${id}`,
    `youtube.com/watch?v=${id}&next=https://example.com`,
  ])('reads the id from %s', (url) => {
    expect(extractYouTubeVideoId(url)).toBe(id);
  });

  it.each(['', '   ', '\n\t'])('asks for a URL when given %j', (url) => {
    expect(() => extractYouTubeVideoId(url)).toThrow(new Error('Please enter a YouTube URL'));
  });

  it.each([
    ['a 10-character id', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a 12-character id', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['a 12-character short link', 'https://youtu.be/dQw4w9WgXcQQ'],
    ['a character outside the id alphabet', 'https://youtu.be/dQw4w9WgXc!'],
    ['no id', 'https://www.youtube.com/watch'],
    ['a channel page', 'https://www.youtube.com/@somechannel'],
    ['another video site', `https://vimeo.com/${id}`],
    ['a look-alike host', `https://youtube.com.evil.example/watch?v=${id}`],
    ['credentials pointing elsewhere', `https://youtube.com@evil.example/watch?v=${id}`],
    ['another scheme', `ftp://youtube.com/watch?v=${id}`],
    ['plain text', 'not a url at all'],
    ['an id alone', id],
    ['a short link with a second segment', `https://youtu.be/${id}/more`],
    ['a v parameter on the home page', `https://www.youtube.com/?v=${id}`],
    ['a v parameter on another page', `https://www.youtube.com/results?v=${id}`],
    ['a v parameter under /watch/…', `https://www.youtube.com/watch/${id}?v=${id}`],
    ['an id path with a third segment', `https://www.youtube.com/embed/${id}/more`],
    ['an id under a path that is not an id form', `https://www.youtube.com/feed/${id}`],
    ['an id path without the id', 'https://www.youtube.com/shorts/'],
  ])('rejects %s', (_name, url) => {
    expect(() => extractYouTubeVideoId(url)).toThrow(new Error('Invalid YouTube URL'));
  });

  const videoId = fc.stringMatching(/^[A-Za-z0-9_-]{11}$/);
  const forms = [
    (v: string) => `https://www.youtube.com/watch?v=${v}`,
    (v: string) => `youtube.com/watch?app=desktop&v=${v}&t=10`,
    (v: string) => `https://m.youtube.com/watch?v=${v}#t=3`,
    (v: string) => `https://music.youtube.com/watch?v=${v}`,
    (v: string) => `https://www.youtube.com/embed/${v}`,
    (v: string) => `http://youtube.com/v/${v}`,
    (v: string) => `https://www.youtube.com/e/${v}`,
    (v: string) => `www.youtube.com/shorts/${v}`,
    (v: string) => `https://youtu.be/${v}?t=42`,
    (v: string) => `youtu.be/${v}`,
  ];

  it('round-trips any valid id in every URL form', () => {
    fc.assert(
      fc.property(videoId, fc.constantFrom(...forms), (v, form) => {
        expect(extractYouTubeVideoId(form(v))).toBe(v);
      }),
    );
  });

  it('throws only its two errors, whatever the input', () => {
    const input = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.tuple(fc.constantFrom(...forms), fc.string()).map(([form, v]) => form(v)),
      fc.tuple(fc.constantFrom(...forms), videoId, fc.string()).map(([form, v, tail]) => form(v) + tail),
    );
    fc.assert(
      fc.property(input, (url) => {
        try {
          const found = extractYouTubeVideoId(url);
          expect(found).toMatch(/^[A-Za-z0-9_-]{11}$/);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          expect(['Please enter a YouTube URL', 'Invalid YouTube URL']).toContain((error as Error).message);
        }
      }),
    );
  });
});
