import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MatchedRow, UnmatchedRow } from '../match-results';
import { ImportReport } from './import-report';

const row = (url: string, impressions: number | null, engagements: number | null) => ({
  url,
  day: '2026-11-20',
  impressions,
  engagements,
  membersReached: null,
  reactions: null,
  comments: null,
  reshares: null,
  text: null,
});

const matched: MatchedRow[] = [
  { postId: 'p1', row: row('https://www.linkedin.com/feed/update/urn:li:share:1/', 20000, 1234), by: 'link' },
  { postId: 'p2', row: row('https://www.linkedin.com/feed/update/urn:li:share:2/', 800, null), by: 'date' },
];
const titles: Record<string, string> = {
  p1: 'Why we hire for curiosity?',
  p2: 'A very long first line that a phone has to wrap over several lines without scrolling sideways',
};

describe('ImportReport: the matched posts', () => {
  it('is a table whose every figure is also named in its own cell, for the cards a narrow box shows', () => {
    render(
      <ImportReport matched={matched} unmatched={[]} titleOf={(id) => titles[id]!} onClose={() => {}} />,
    );
    const table = screen.getByRole('table', { name: 'Matched posts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Post', 'Published', 'Impressions', 'Engagements', 'Matched by']);
    const first = within(table).getByRole('rowheader', { name: 'Why we hire for curiosity?' }).closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Published 2026-11-20',
      'Impressions 20,000',
      'Engagements 1,234',
      'Matched by its LinkedIn link',
    ]);
    const second = within(table).getByRole('rowheader', { name: titles.p2 }).closest('tr')!;
    // A figure the export does not give is a dash, still named.
    expect(within(second).getByRole('cell', { name: /^Engagements/ })).toHaveTextContent('Engagements –');
  });
});

describe('ImportReport: a large import', () => {
  const many = (count: number, prefix: string): MatchedRow[] =>
    Array.from({ length: count }, (_, index) => ({
      postId: `${prefix}${index}`,
      row: row(`https://www.linkedin.com/feed/update/urn:li:share:${index}/`, index, index),
      by: 'link',
    }));

  it('shows the first 50 matched posts, and 50 more on each "Show more"', async () => {
    const user = userEvent.setup();
    render(
      <ImportReport
        matched={many(120, 'm')}
        unmatched={[]}
        titleOf={(id) => `Post ${id}`}
        onClose={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Matched posts' });
    const rows = () => within(table).getAllByRole('rowheader').length;
    expect(rows()).toBe(50);
    expect(screen.getByText('Showing 50 of 120 matched posts.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(rows()).toBe(100);
    await user.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(rows()).toBe(120);
    expect(within(table).getByRole('rowheader', { name: 'Post m119' })).toBeInTheDocument();
    expect(screen.queryByText(/matched posts\.$/u)).toBeNull();
    expect(screen.queryByRole('button', { name: /more$/u })).toBeNull();
  });

  it('cuts the rows it could not match the same way', async () => {
    const user = userEvent.setup();
    const unmatched: UnmatchedRow[] = Array.from({ length: 60 }, (_, index) => ({
      row: row(`https://www.linkedin.com/feed/update/urn:li:activity:${index}/`, 1, 1),
      reason: 'no-post-that-day',
    }));
    render(<ImportReport matched={[]} unmatched={unmatched} titleOf={() => ''} onClose={() => {}} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 60 rows not matched.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 10 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(60);
  });
});
