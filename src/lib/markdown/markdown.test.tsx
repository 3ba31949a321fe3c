import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const exfiltrate = 'http://127.0.0.1:9/?d=My%20unpublished%20post';

function renderMarkdown(text: string) {
  return render(<Markdown>{text}</Markdown>).container;
}

describe('Markdown from an AI reply', () => {
  it('shows an image as its alt text, never loading it', () => {
    const container = renderMarkdown(`Look: ![chart of growth](${exfiltrate})`);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Image: chart of growth')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names an image without alt text by its address, as text', () => {
    const container = renderMarkdown(`![](${exfiltrate})`);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(`Image: ${exfiltrate}`)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('loads no image from reference definitions, inside links, or as data and javascript URLs', () => {
    const container = renderMarkdown(
      [
        `![ref image][pic]`,
        `[![inside a link](${exfiltrate})](https://example.com)`,
        '![pixel](data:image/png;base64,iVBORw0KGgo=)',
        '![script](javascript:alert(1))',
        '',
        `[pic]: ${exfiltrate}`,
      ].join('\n'),
    );
    expect(container.querySelector('img')).toBeNull();
    for (const alt of ['ref image', 'pixel', 'script'])
      expect(screen.getByText(`Image: ${alt}`)).toBeInTheDocument();
    // The image inside a link stays that link's text (no link inside a link).
    expect(screen.getByRole('link', { name: 'Image: inside a link' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    expect(container.innerHTML).not.toContain('javascript:');
    expect(container.innerHTML).not.toContain('data:');
  });

  it('skips raw HTML images and removes javascript: links', () => {
    const container = renderMarkdown(
      `<img src="${exfiltrate}"> [click me](javascript:alert(1)) [site](https://example.com)`,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'click me' })).toBeNull();
    expect(screen.getByText('click me')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.com');
  });
});

/** Tailwind's type scale, smallest first: a heading must sit above the body text (text-sm) on it. */
const typeScale = ['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl', 'text-2xl'];
const sizeOf = (element: HTMLElement) => typeScale.findIndex((size) => element.classList.contains(size));

describe('Markdown typography', () => {
  it('renders # to #### as headings h1–h4, bold and in decreasing sizes above the body text', () => {
    renderMarkdown(
      '# Big idea\n\nIntro.\n\n## Why it matters\n\n### How to start\n\n#### One detail\n\nBody text.',
    );
    const headings = [
      screen.getByRole('heading', { level: 1, name: 'Big idea' }),
      screen.getByRole('heading', { level: 2, name: 'Why it matters' }),
      screen.getByRole('heading', { level: 3, name: 'How to start' }),
      screen.getByRole('heading', { level: 4, name: 'One detail' }),
    ];
    for (const heading of headings) expect(heading).toHaveClass('font-semibold');
    const sizes = headings.map(sizeOf);
    expect(sizes.every((size) => size >= typeScale.indexOf('text-sm'))).toBe(true);
    expect(sizes.slice(0, 3).every((size) => size > typeScale.indexOf('text-sm'))).toBe(true);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(new Set(sizes.slice(0, 3)).size).toBe(3);
  });

  it('renders a GitHub-flavoured table with its header row and cells, able to scroll on its own', () => {
    const { container } = render(
      <Markdown>
        {'| Channel | Reach |\n| --- | ---: |\n| LinkedIn | **High** |\n| Email | Medium |'}
      </Markdown>,
    );
    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Channel', 'Reach']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('cell', { name: 'High' }).querySelector('strong')).not.toBeNull();
    // A wide table scrolls inside its own box instead of widening the chat panel or the dialog.
    expect(table.parentElement).toHaveClass('overflow-x-auto');
    expect(container.textContent).not.toContain('| ---');
  });

  it('styles block quotes, code blocks, inline code and horizontal rules', () => {
    const { container } = render(
      <Markdown>
        {
          '> Ship small, ship often.\n\n```\nnpm run build\n```\n\nRun `npm test` first.\n\n---\n\nAfter the rule.'
        }
      </Markdown>,
    );
    const quote = container.querySelector('blockquote');
    expect(quote).toHaveTextContent('Ship small, ship often.');
    expect(quote).toHaveClass('border-l-4');
    const block = container.querySelector('pre');
    expect(block).toHaveTextContent('npm run build');
    expect(block).toHaveClass('overflow-x-auto');
    expect(screen.getByText('npm test').tagName).toBe('CODE');
    expect(screen.getByText('npm test')).toHaveClass('font-mono');
    expect(screen.getByRole('separator')).toHaveClass('border-t');
  });

  it('keeps raw HTML out of tables and strikes through ~~text~~', () => {
    const { container } = render(
      <Markdown>{'| a |\n| - |\n| <img src="x" onerror="alert(1)"> <b>bold</b> |\n\n~~old~~ new'}</Markdown>,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.querySelector('del')).toHaveTextContent('old');
  });
});
