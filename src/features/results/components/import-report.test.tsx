import { render, screen, within } from '@testing-library/react';
import type { MatchedRow } from '../match-results';
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
