import { render, renderHook, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authorStyle } from '@/entities/post/check/author-style';
import { useAuthorStyle } from '@/entities/post/check/use-author-style';
import { PostCheckPanel } from './post-check-panel';

/** An author who writes short posts with → lists (their voice samples). */
const samples = [
  'Three things I check before a release:\n\n→ the migration runs twice\n→ the rollback is written down\n→ someone else has read the diff\n\nBoring on purpose. Boring ships.',
  'What our support team taught me this quarter:\n\n→ most tickets are one question\n→ the answer is usually on a page nobody finds\n→ the fix is a sentence, not a feature\n\nWe rewrote the page. Tickets halved.',
  'Hiring notes from this month:\n\n→ a take-home of two hours, not ten\n→ we pay for it\n→ every candidate hears back within a week\n\nWe lost nobody to silence this time.',
];
const author = authorStyle(samples);
const post =
  'Before a migration I ask three questions:\n\n→ does it run twice without harm\n→ who rolls it back at 2am\n→ has someone else read it\n\nSlow is smooth. Smooth is fast. Thoughts?';

describe('PostCheckPanel for an author with voice samples', () => {
  it("shows the author's own habits apart, as information, without counting them or offering a fix", () => {
    render(<PostCheckPanel text={post} author={author} onApply={() => {}} />);
    const check = screen.getByRole('region', { name: 'Post check' });
    // The bait ending is not a habit of theirs: it is the one thing to look at.
    expect(within(check).getByRole('button', { name: 'Post check: 1 thing to look at' })).toBeInTheDocument();
    const things = within(check).getByRole('list', { name: 'Things to look at' });
    expect(things).toHaveTextContent('Ending on "Thoughts?" alone');
    const own = within(check).getByRole('list', { name: 'In your own style (for information)' });
    expect(own).toHaveTextContent(
      '→ arrows as bullets: you use these in your own posts, so they are left as they are.',
    );
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();
    // Their posts are short: a post of their length is not told to be 900 to 1,500 characters.
    expect(check).not.toHaveTextContent(/900 to 1,500/);
  });

  it('says nothing stands out when all it finds are habits, and still shows them', () => {
    render(<PostCheckPanel text={post.replace(' Thoughts?', '')} author={author} onApply={() => {}} />);
    expect(screen.getByText('Post check: nothing stands out')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'In your own style (for information)' }).children).toHaveLength(
      1,
    );
  });

  it('flags the same post for someone without samples', () => {
    render(<PostCheckPanel text={post} onApply={() => {}} />);
    expect(screen.getByRole('button', { name: /Post check: [2-9] things to look at/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove the arrows (3)' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /own style/ })).not.toBeInTheDocument();
  });
});

describe('useAuthorStyle', () => {
  it('works the style out once per set of samples, not on every render', () => {
    const stored = samples.map((content) => ({ content }));
    const { result, rerender } = renderHook(({ from }) => useAuthorStyle(from), {
      initialProps: { from: stored as readonly { content: string }[] },
    });
    const first = result.current;
    expect(first).toEqual(author);
    rerender({ from: stored });
    expect(result.current).toBe(first);
    // The same words in a new array (the profile store read again): the same style.
    rerender({ from: samples.map((content) => ({ content })) });
    expect(result.current).toBe(first);
    rerender({ from: [] });
    expect(result.current).toBeUndefined();
  });
});
