import { describe, expect, it } from 'vitest';
import { linkedinUrnOf, matchResults } from './match-results';
import type { ExportRow } from './parse-analytics-export';
import type { ResultsPost } from './results-post';

const row = (url: string, day: string, text: string | null = null): ExportRow => ({
  url,
  day,
  impressions: 100,
  engagements: 5,
  membersReached: null,
  reactions: null,
  comments: null,
  reshares: null,
  text,
});
const post = (
  id: string,
  publishedAt: string,
  linkedinUrl: string | null = null,
  content = `Post ${id}`,
): ResultsPost => ({
  id,
  content,
  publishedAt,
  linkedinUrl,
  hasImage: false,
});

describe('linkedinUrnOf', () => {
  it('reads the URN however the link writes it', () => {
    expect(linkedinUrnOf('https://www.linkedin.com/feed/update/urn:li:share:7300/')).toBe(
      'urn:li:share:7300',
    );
    expect(linkedinUrnOf('https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A7300?utm=x')).toBe(
      'urn:li:share:7300',
    );
    expect(linkedinUrnOf('https://www.linkedin.com/feed/update/urn:li:ugcPost:12')).toBe('urn:li:ugcpost:12');
    expect(linkedinUrnOf('https://example.com/')).toBeNull();
  });
});

describe('matchResults', () => {
  it('matches by link first, then by the day for posts published by hand or imported', () => {
    const posts = [
      post('app', '2026-11-07T08:30:00Z', 'https://www.linkedin.com/feed/update/urn:li:share:1/'),
      post('hand', '2026-11-08T09:00:00Z'),
    ];
    const { matched, unmatched } = matchResults(
      [
        row('https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A1', '2026-11-07'),
        row('https://www.linkedin.com/feed/update/urn:li:activity:2/', '2026-11-08'),
      ],
      posts,
      'UTC',
    );
    expect(matched.map(({ postId, by }) => [postId, by])).toEqual([
      ['app', 'link'],
      ['hand', 'date'],
    ]);
    expect(unmatched).toEqual([]);
  });

  it('uses the author’s time zone for the day, and the day next to it when none went out on it', () => {
    // 23:30 in Los Angeles on 6 Nov is 7 Nov in UTC.
    const posts = [post('late', '2026-11-07T07:30:00Z')];
    expect(matchResults([row('u1', '2026-11-06')], posts, 'America/Los_Angeles').matched[0]?.postId).toBe(
      'late',
    );
    expect(matchResults([row('u1', '2026-11-06')], posts, 'UTC').matched[0]?.postId).toBe('late');
  });

  it('says which rows it could not match, and why; a post is matched once', () => {
    const posts = [
      post('a', '2026-11-10T08:00:00Z'),
      post('b', '2026-11-10T16:00:00Z'),
      post('c', '2026-11-20T08:00:00Z'),
    ];
    const { matched, unmatched } = matchResults(
      [row('u1', '2026-11-10'), row('u2', '2026-11-01'), row('u3', '2026-11-20'), row('u4', '2026-11-20')],
      posts,
      'UTC',
    );
    expect(matched).toEqual([expect.objectContaining({ postId: 'c', by: 'date' })]);
    expect(unmatched.map(({ row: each, reason }) => [each.url, reason])).toEqual([
      ['u1', 'several-posts-that-day'],
      ['u2', 'no-post-that-day'],
      ['u4', 'no-post-that-day'],
    ]);
  });

  it('tells two posts of one day apart by text when the export has it', () => {
    const posts = [
      post('a', '2026-11-10T08:00:00Z', null, 'Hiring is a product problem.\n\nMore.'),
      post('b', '2026-11-10T16:00:00Z', null, 'Why we stopped estimating.\n\nMore.'),
    ];
    const { matched } = matchResults([row('u1', '2026-11-10', 'Why we stopped estimating')], posts, 'UTC');
    expect(matched).toEqual([expect.objectContaining({ postId: 'b', by: 'text' })]);
  });
});
