import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PostCheckPanel } from './post-check-panel';

const body = Array.from(
  { length: 9 },
  () => 'We rewrote one page with the team. The queue went back to normal within a month.',
).join('\n\n');

describe('PostCheckPanel', () => {
  it('says nothing stands out in a plain post, with nothing to unfold', () => {
    render(<PostCheckPanel text={body} onChange={() => {}} />);
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

  it('lists what it finds, quoting the words, and applies a one-click fix to the text', async () => {
    const onChange = vi.fn();
    const text = `We shipped — finally.\n\n${body}`;
    render(<PostCheckPanel text={text} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Post check: 1 thing to look at' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(
      '—A dash like this is one of the best-known signs of AI writing.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use a comma' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(`We shipped, finally.\n\n${body}`);
  });

  it('lists findings without fixes while the text cannot be changed (streaming), and folds away', async () => {
    render(<PostCheckPanel text={`We shipped — finally — today.\n\n${body}`} />);
    const toggle = screen.getByRole('button', { name: 'Post check: 2 things to look at' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Use a comma' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('does not quote a finding about the whole post', () => {
    render(<PostCheckPanel text="Short and sweet." />);
    expect(screen.getByRole('listitem')).toHaveTextContent(/^16 characters: posts of 900/);
  });

  it('quotes the words once: not again when the message already names them', () => {
    render(
      <PostCheckPanel text={`In today’s fast-paced world, we shipped.\n\nLet that sink in.\n\n${body}`} />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
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
