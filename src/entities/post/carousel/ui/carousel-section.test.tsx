import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultModelCatalog } from '@shared/model-catalog';
import { documentStorageKey, usePostDocumentStore } from '../../document/post-document-store';
import type { CarouselAi } from '../draft-carousel-slides';
import { createCarouselJobRunner } from '../engine/carousel-job';
import { buildCarousel } from '../engine/carousel-test-data';
import { readFontFileFromNodeModules } from '../engine/read-font-files.node';
import type { CarouselEngine } from './carousel-engine';
import CarouselSection from './carousel-section';
import { defaultDesign, storedSlides, type CarouselDefaults } from './stored-carousel';
import { useCarouselEntry } from './use-carousel-entry';

// The carousel editor in jsdom with the real engine (layout and PDF), its fonts read from
// node_modules instead of fetched; nothing is stored (saving is covered end to end).

const run = createCarouselJobRunner(readFontFileFromNodeModules);
const engine: CarouselEngine = {
  layout: async (carousel, design) => {
    const result = await run({ type: 'layout', carousel, design });
    if (!result.ok || !result.layout) throw new Error(result.ok ? 'no layout' : result.problem.message);
    return result.layout;
  },
  pdf: async (carousel, design) => {
    const result = await run({ type: 'pdf', carousel, design });
    if (!result.ok || !result.bytes) throw new Error(result.ok ? 'no PDF' : result.problem.message);
    return result.bytes;
  },
  close: () => {},
};

const store = { attach: vi.fn(), remove: vi.fn() };

function Editing({ docId = 'post-1', open = true }: { docId?: string; open?: boolean }) {
  const [editing, setEditing] = useState(open);
  const stored = buildCarousel({ slideCount: 5 });
  return (
    <CarouselSection
      docId={docId}
      post="Five habits that doubled my reach."
      defaultTitle="Five habits"
      stored={{
        path: 'user/deck.pdf',
        title: stored.title,
        slides: storedSlides({ carousel: stored, design: defaultDesign }),
      }}
      author={{ name: 'Ada Lovelace', headline: 'Analyst at Engines' }}
      ai={null}
      editing={editing}
      onEditingChange={setEditing}
      engine={engine}
      store={store}
    />
  );
}

const slides = () => within(screen.getByRole('list', { name: 'Slides' })).getAllByRole('listitem');
const heading = (number: number) => screen.getByLabelText<HTMLInputElement>(`Slide ${number} heading`);

describe('the carousel editor', () => {
  it('edits a slide, shows it in the preview, and undoes it with the button and Ctrl+Z', async () => {
    const user = userEvent.setup();
    render(<Editing />);
    expect(slides()).toHaveLength(5);
    await screen.findByRole('img', { name: /^Slide 1 of 5: / });
    expect(screen.getByText('Five habits that doubled my reach · 5 pages')).toBeInTheDocument();

    await user.clear(heading(1));
    await user.type(heading(1), 'Write the hook last');
    expect(
      await screen.findByRole('img', { name: /^Slide 1 of 5: .*Write the hook last/ }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(heading(1).value).toBe('Five habits that doubled my reach');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(heading(1).value).toBe('Write the hook last');
    heading(1).focus();
    await user.keyboard('{Control>}z{/Control}');
    expect(heading(1).value).toBe('Five habits that doubled my reach');
  });

  it('moves, adds and removes slides; the preview turns with its arrows and the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Editing />);
    await screen.findByRole('img', { name: /^Slide 1 of 5: / });
    const second = heading(2).value;
    const third = heading(3).value;
    await user.click(screen.getByRole('button', { name: 'Move slide 2 down' }));
    expect(heading(2).value).toBe(third);
    expect(heading(3).value).toBe(second);
    expect(screen.getByRole('button', { name: 'Move slide 1 up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add a slide' }));
    expect(slides()).toHaveLength(6);
    // The new slide goes before the closing one.
    expect(heading(5).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Remove slide 5' }));
    expect(slides()).toHaveLength(5);

    const preview = screen.getByRole('region', { name: 'Carousel preview' });
    // The preview is laid out off the main thread: it follows the edits a moment later.
    await within(preview).findByRole('img', { name: /^Slide 1 of 5: / }, { timeout: 20_000 });
    await user.click(within(preview).getByRole('button', { name: 'Next slide' }));
    expect(
      await within(preview).findByRole('img', { name: /^Slide 2 of 5: / }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    preview.focus();
    await user.keyboard('{ArrowRight}');
    expect(
      await within(preview).findByRole('img', { name: /^Slide 3 of 5: / }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(
      await within(preview).findByRole('img', { name: /^Slide 1 of 5: / }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('says which slide has more text than fits and does not make the PDF', async () => {
    render(<Editing />);
    await screen.findByRole('img', { name: /^Slide 1 of 5: / });
    const paragraph = 'A paragraph that goes on and on about habits and hooks. '.repeat(36).trim();
    fireEvent.change(screen.getByLabelText('Slide 2 text'), { target: { value: paragraph } });
    expect(
      await screen.findByText(
        'Slide 2 has more text than fits, even at the smallest size. Shorten it or split it into two slides.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Some slides have more text than fits. Shorten them to save or download the PDF.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save carousel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Download PDF/ })).toBeDisabled();
    expect(store.attach).not.toHaveBeenCalled();
  });
});

/** A reload: the document store is read back from this browser's storage, as it was left. */
async function reload() {
  const kept = localStorage.getItem(documentStorageKey);
  usePostDocumentStore.setState({ carouselDrafts: [] });
  localStorage.setItem(documentStorageKey, kept ?? '');
  await usePostDocumentStore.persist.rehydrate();
}

describe('unsaved carousel edits', () => {
  beforeEach(() => {
    usePostDocumentStore.getState().reset();
    store.attach.mockReset();
  });

  it('come back after a reload for their own post only, and are gone once saved', async () => {
    const user = userEvent.setup();
    const first = render(<Editing />);
    await screen.findByRole('img', { name: /^Slide 1 of 5: / });
    await user.clear(heading(1));
    await user.type(heading(1), 'Write the hook last');
    first.unmount();
    await reload();

    // Another post does not get them.
    const other = render(<Editing docId="post-2" open={false} />);
    expect(await screen.findByRole('button', { name: 'Edit carousel' })).toBeInTheDocument();
    expect(screen.queryByText('Unsaved carousel changes restored.')).not.toBeInTheDocument();
    other.unmount();

    // Their own post opens the editor with them.
    render(<Editing open={false} />);
    expect(await screen.findByText('Unsaved carousel changes restored.')).toBeInTheDocument();
    expect(heading(1).value).toBe('Write the hook last');
    await screen.findByRole('img', { name: /^Slide 1 of 5: .*Write the hook last/ });

    await user.click(screen.getByRole('button', { name: 'Save carousel' }));
    await screen.findByRole('button', { name: 'Edit carousel' });
    expect(store.attach).toHaveBeenCalledOnce();
    expect(usePostDocumentStore.getState().carouselDrafts).toEqual([]);
    expect(localStorage.getItem(documentStorageKey)).not.toContain('Write the hook last');
  });

  it('asks before Cancel discards them, and then forgets them', async () => {
    const user = userEvent.setup();
    render(<Editing />);
    await screen.findByRole('img', { name: /^Slide 1 of 5: / });
    await user.type(heading(2), '!');
    await user.click(screen.getByRole('button', { name: 'Cancel changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your carousel changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(heading(2).value).toMatch(/!$/);

    await user.click(screen.getByRole('button', { name: 'Cancel changes' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('button', { name: 'Edit carousel' })).toBeInTheDocument();
    expect(usePostDocumentStore.getState().carouselDrafts).toEqual([]);
  });
});

function Entry({ removeImage }: { removeImage: () => void }) {
  const carousel = useCarouselEntry({
    doc: {
      id: 'post-1',
      topic: 'Habits',
      content: 'Five habits that doubled my reach.',
      carouselPath: null,
      carouselTitle: null,
      carouselSlides: null,
    },
    hasImage: true,
    removeImage,
    busy: false,
    author: { name: 'Ada Lovelace', headline: '' },
    ai: null,
  });
  return (
    <>
      {carousel.action}
      {carousel.section}
    </>
  );
}

describe('making a carousel of a post with an image', () => {
  it('asks first, and only replaces the image when the author says so', async () => {
    const user = userEvent.setup();
    const removeImage = vi.fn();
    render(<Entry removeImage={removeImage} />);
    await user.click(screen.getByRole('button', { name: 'Make a carousel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace the image with a carousel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removeImage).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make a carousel' }));
    await user.click(await screen.findByRole('button', { name: 'Replace with a carousel' }));
    expect(removeImage).toHaveBeenCalledOnce();
    // Without the AI service the slides cannot be written: said, with a way to try again.
    expect(
      await screen.findByText('The AI service is not ready yet. Try again in a moment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('a new carousel', () => {
  beforeEach(() => usePostDocumentStore.getState().reset());

  /** A post with no carousel yet, opened by "Make a carousel": the AI's slides arrive at once. */
  function Making({ defaults }: { defaults: CarouselDefaults | null }) {
    const [editing, setEditing] = useState(true);
    return (
      <CarouselSection
        docId="post-new"
        post="Five habits that doubled my reach."
        defaultTitle="Five habits"
        stored={{ path: null, title: null, slides: null }}
        author={{ name: 'Ada Lovelace', headline: 'Analyst at Engines' }}
        ai={ai}
        defaults={defaults}
        editing={editing}
        onEditingChange={setEditing}
        engine={engine}
        draftSlides={async () => ({ ok: true, carousel: buildCarousel({ slideCount: 5 }) })}
        store={store}
      />
    );
  }
  const ai: CarouselAi = {
    engine: 'groq',
    model: 'openai/gpt-oss-120b',
    catalog: defaultModelCatalog,
    apiBaseUrl: 'http://localhost/api',
    authorContext: '',
  };
  const checked = (name: string) => screen.getByRole('radio', { name });

  it('starts with the theme, format and brand colour of the author’s Settings', async () => {
    const user = userEvent.setup();
    render(
      <Making defaults={{ carousel_theme: 'brand', carousel_format: 'square', brand_color: '#e0115f' }} />,
    );
    const first = await screen.findByRole('img', { name: /^Slide 1 of 5: / });
    expect(checked('Brand colour')).toBeChecked();
    expect(checked('Square')).toBeChecked();
    expect(screen.getByLabelText('Brand colour', { selector: 'input[type="color"]' })).toHaveValue('#e0115f');
    expect(first).toHaveAttribute('viewBox', '0 0 1080 1080');

    // The colour can still be changed for this carousel alone; back on the brand theme after
    // another one, it is the carousel's own colour, not the one in Settings.
    fireEvent.input(screen.getByLabelText('Brand colour', { selector: 'input[type="color"]' }), {
      target: { value: '#336699' },
    });
    await user.click(checked('Dark'));
    await user.click(checked('Brand colour'));
    expect(screen.getByLabelText('Brand colour', { selector: 'input[type="color"]' })).toHaveValue('#336699');
  });

  it('without choices in Settings starts light and portrait, and the brand theme offers the Settings colour', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Making defaults={null} />);
    const first = await screen.findByRole('img', { name: /^Slide 1 of 5: / });
    expect(checked('Light')).toBeChecked();
    expect(checked('Portrait 4:5')).toBeChecked();
    expect(first).toHaveAttribute('viewBox', '0 0 1080 1350');
    await user.click(checked('Brand colour'));
    expect(screen.getByLabelText('Brand colour', { selector: 'input[type="color"]' })).toHaveValue('#0a66c2');
    unmount();
    usePostDocumentStore.getState().reset();

    // A light default with a brand colour set: choosing the brand theme uses that colour.
    render(<Making defaults={{ carousel_theme: null, carousel_format: null, brand_color: '#e0115f' }} />);
    await screen.findByRole('img', { name: /^Slide 1 of 5: / });
    expect(checked('Light')).toBeChecked();
    await user.click(checked('Brand colour'));
    expect(screen.getByLabelText('Brand colour', { selector: 'input[type="color"]' })).toHaveValue('#e0115f');
  });
});
