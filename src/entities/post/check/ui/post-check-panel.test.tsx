import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PostCheckPanel } from './post-check-panel';

const body = Array.from(
  { length: 9 },
  () => 'We rewrote one page with the team. The queue went back to normal within a month.',
).join('\n\n');

/** The findings: the items of the panel's list, not the places quoted inside them. */
const findings = () => [...screen.getByRole('list', { name: 'Things to look at' }).children] as HTMLElement[];

describe('PostCheckPanel', () => {
  it('says nothing stands out in a plain post, with nothing to unfold', () => {
    render(<PostCheckPanel text={body} onApply={() => {}} />);
    expect(screen.getByText('Post check: nothing stands out')).toBeInTheDocument();
    // A toggle would control a list that does not exist (axe: aria-valid-attr-value).
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('keeps the folded list in the page, so the toggle always controls an element', async () => {
    render(<PostCheckPanel text={`We shipped — finally.\n\n${body}`} />);
    const toggle = screen.getByRole('button', { name: 'Post check: 1 thing to look at' });
    await userEvent.click(toggle);
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    expect(controlled).not.toBeVisible();
  });

  it('lists what it finds, quoting the words around a mark, and applies a fix with its label', async () => {
    const onApply = vi.fn();
    const text = `We shipped — finally.\n\n${body}`;
    render(<PostCheckPanel text={text} onApply={onApply} />);
    expect(screen.getByRole('button', { name: 'Post check: 1 thing to look at' })).toBeInTheDocument();
    expect(findings()).toHaveLength(1);
    expect(findings()[0]).toHaveTextContent(
      'We shipped — finally.A dash like this is one of the best-known signs of AI writing.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use a comma' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith({
      text: `We shipped, finally.\n\n${body}`,
      label: 'Use a comma',
    });
  });

  it('counts repeated findings of one kind once, and fixes all of them in one step', async () => {
    const onApply = vi.fn();
    const text = `We shipped — finally — after — a month.\n\n✅ Ship\n✅ Measure\n✅ Learn\n\n${body} #Growth #Hiring #Remote #Startups #Product #Design #Career`;
    render(<PostCheckPanel text={text} onApply={onApply} />);
    expect(screen.getByRole('button', { name: 'Post check: 3 things to look at' })).toBeInTheDocument();
    expect(findings().map((item) => item.querySelector('p')?.textContent)).toEqual([
      '3 dashes: dashes like these are one of the best-known signs of AI writing.',
      '3 emoji bullets: emoji used as bullets are a tell of AI-written posts.',
      '7 hashtags: more than 3 looks like a tag pile. Keep the 3 that matter most.',
    ]);
    const removeEmoji = screen.getByRole('button', { name: 'Remove the emoji (3)' });
    // Heard with what it fixes, the count in words.
    expect(removeEmoji).toHaveAccessibleDescription(
      '3 emoji bullets: emoji used as bullets are a tell of AI-written posts.',
    );
    await userEvent.click(removeEmoji);
    expect(onApply).toHaveBeenCalledExactlyOnceWith({
      text: text.replace('✅ Ship\n✅ Measure\n✅ Learn', 'Ship\nMeasure\nLearn'),
      label: 'Remove the emoji (3)',
    });
    expect(screen.getByRole('button', { name: 'Use commas (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove the last 4' })).toBeInTheDocument();
  });

  it('quotes a few of the places of a finding, and says how many more there are', () => {
    render(<PostCheckPanel text={`${body} #Growth #Hiring #Remote #Startups #Product #Design #Career`} />);
    const where = within(findings()[0]!).getByRole('list', { name: 'Where' });
    expect(
      within(where)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#Startups', '#Product', '#Design', 'and 1 more']);
  });

  it('offers to move a link to the first comment only when the caller can take it', async () => {
    const onApply = vi.fn();
    const text = `${body}\n\nRead the full report: https://example.com/report`;
    const { rerender } = render(<PostCheckPanel text={text} onApply={onApply} />);
    expect(screen.getByRole('button', { name: 'Remove the link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /first comment/ })).not.toBeInTheDocument();

    rerender(<PostCheckPanel text={text} onApply={onApply} canMoveToFirstComment />);
    await userEvent.click(screen.getByRole('button', { name: 'Move the link to the first comment' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith({
      text: body,
      label: 'Move the link to the first comment',
      firstCommentAddition: 'https://example.com/report',
    });
  });

  it('lists findings without fixes when the caller cannot take a change, and folds away', async () => {
    render(<PostCheckPanel text={`We shipped — finally — today.\n\n${body}`} canMoveToFirstComment />);
    const toggle = screen.getByRole('button', { name: 'Post check: 1 thing to look at' });
    expect(findings()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Use commas/ })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('lists nothing while the post streams, and the findings once it is written', () => {
    const text = `We shipped — finally — today.\n\n${body}`;
    const onApply = vi.fn();
    const { rerender } = render(<PostCheckPanel text={text.slice(0, 40)} onApply={onApply} streaming />);
    expect(screen.getByRole('region', { name: 'Post check' })).toHaveTextContent(
      'Post check: after the post is written',
    );
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<PostCheckPanel text={text} onApply={onApply} streaming />);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    rerender(<PostCheckPanel text={text} onApply={onApply} />);
    expect(screen.getByRole('button', { name: 'Post check: 1 thing to look at' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use commas (2)' })).toBeInTheDocument();
  });

  it('does not quote a finding about the whole post', () => {
    render(<PostCheckPanel text="Short and sweet." />);
    expect(screen.getByRole('listitem')).toHaveTextContent(/^16 characters: posts of 900/);
  });

  it('quotes the words once: not again when the message already names them', () => {
    render(
      <PostCheckPanel text={`In today’s fast-paced world, we shipped.\n\nLet that sink in.\n\n${body}`} />,
    );
    const items = findings().map((item) => item.textContent);
    expect(items).toContain(
      '"In today’s fast-paced world" is a stock opener. Start with something only you would say.',
    );
    expect(items).toContain('"Let that sink in" is a stock line readers skip.');
  });

  it('shows the quoted words on a line of their own, apart from a message that quotes a pattern', () => {
    render(<PostCheckPanel text={`It's not a tool, it's a habit.\n\n${body}`} />);
    const item = screen.getByRole('listitem');
    const quote = item.querySelector('q');
    expect(quote).toHaveTextContent("It's not a tool, it's");
    expect(quote).toHaveClass('block');
    expect(item).toHaveTextContent(/"It's not X, it's Y" is a pattern/);
  });

  it('shows nothing for an empty text', () => {
    const { container } = render(<PostCheckPanel text="  " />);
    expect(container).toBeEmptyDOMElement();
  });
});
