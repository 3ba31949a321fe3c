import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyDocument } from '@/entities/post/document/post-document';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { toast } from '@/lib/toast/toast';
import { Toaster } from '@/lib/toast/toaster';
import { useGeneratorStore } from '../generator-store';
import { DashboardPage } from './dashboard-page';
import { stubMatchMedia } from '../../../../tests/helpers/match-media.ts';

// The dashboard with the real generator store and post document: the post is edited in the card,
// and every change is a step of one history. Saving goes to the backend (tests/ui cover it).
const post = 'Remote teams ship faster when they write things down.';

beforeAll(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  useGeneratorStore.setState(useGeneratorStore.getInitialState(), true);
  usePostDocumentStore.getState().reset();
  localStorage.clear();
});

function renderDashboard(content = post) {
  usePostDocumentStore.setState({ doc: { ...emptyDocument(), topic: 'Remote teams', content } });
  render(
    <>
      <Toaster />
      <DashboardPage
        profile={null}
        profileLoading={false}
        aiService={{ status: 'loading' }}
        apiBaseUrl="http://localhost/api"
        onPostSaved={vi.fn()}
        takeHandedOverTopic={() => null}
      />
    </>,
  );
  return { user: userEvent.setup(), preview: within(screen.getByRole('article', { name: 'Post preview' })) };
}

const editor = () => screen.getByRole('textbox', { name: 'Post text' });
const stored = () => usePostDocumentStore.getState().doc;

describe('DashboardPage editing the post in place', () => {
  it('takes typing in the card: the counter and the post check follow', async () => {
    const { user, preview } = renderDashboard();
    expect(preview.getByText(`${post.length} / 3,000 characters`)).toBeInTheDocument();
    await user.click(editor());
    await user.keyboard('{End} — finally');
    expect(stored().content).toBe(`${post} — finally`);
    expect(preview.getByText(`${post.length + 10} / 3,000 characters`)).toBeInTheDocument();
    const check = screen.getByRole('region', { name: 'Post check' });
    expect(check).toHaveTextContent('A dash like this is one of the best-known signs of AI writing.');
  });

  it('undoes a quick fix with Undo, and typing with Ctrl+Z; redoes with Shift+Ctrl+Z', async () => {
    const { user, preview } = renderDashboard('We shipped — finally — after a month.');
    const check = within(screen.getByRole('region', { name: 'Post check' }));
    await user.click(check.getAllByRole('button', { name: /Use a comma|Use commas/ })[0]!);
    const fixed = stored().content;
    expect(fixed).toMatch(/^We shipped, finally/u);

    await user.click(preview.getByRole('button', { name: /^Undo / }));
    expect(stored().content).toBe('We shipped — finally — after a month.');
    await user.click(preview.getByRole('button', { name: /^Redo / }));
    expect(stored().content).toBe(fixed);

    await user.click(editor());
    await user.keyboard('{End} Really.');
    expect(editor()).toHaveValue(`${fixed} Really.`);
    fireEvent.keyDown(editor(), { key: 'z', ctrlKey: true });
    expect(editor()).toHaveValue(fixed);
    fireEvent.keyDown(editor(), { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(editor()).toHaveValue(`${fixed} Really.`);
  });

  it('shades what the feed hides behind "…see more", sooner on a phone than on a desktop', async () => {
    const long = `${'A first line that runs on and on. '.repeat(5)}\nSecond line.\nThird line.\nFourth line.`;
    const { user } = renderDashboard(long);
    const shaded = () => document.querySelector('[data-fold]')?.getAttribute('data-text') ?? '';
    const onPhone = shaded();
    expect(onPhone.length).toBeGreaterThan(0);
    expect(long.endsWith(onPhone)).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Desktop' }));
    expect(shaded().length).toBeLessThan(onPhone.length);
  });

  it('keeps a first comment with the post, shown under it as a comment', async () => {
    const { user, preview } = renderDashboard();
    await user.click(preview.getByRole('button', { name: 'Add a first comment' }));
    await user.type(
      preview.getByRole('textbox', { name: 'First comment' }),
      'The report: https://example.com',
    );
    expect(stored().firstComment).toBe('The report: https://example.com');
    expect(preview.getByText('1 comment')).toBeInTheDocument();
    expect(preview.getByText('31 / 1,250 characters')).toBeInTheDocument();
  });

  it('lets the author write a post by hand from the empty preview', async () => {
    usePostDocumentStore.getState().newDocument();
    render(
      <DashboardPage
        profile={null}
        profileLoading={false}
        aiService={{ status: 'loading' }}
        apiBaseUrl="http://localhost/api"
        onPostSaved={vi.fn()}
        takeHandedOverTopic={() => null}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByText('Your post preview will appear here')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Or write it yourself' }));
    await user.type(editor(), 'Hello');
    expect(stored()).toMatchObject({ content: 'Hello', topic: '' });
  });

  it('refuses a plan time that has passed, keeping the post and the time', async () => {
    const { user, preview } = renderDashboard();
    await user.click(preview.getByRole('button', { name: 'Plan…' }));
    await user.type(screen.getByLabelText('Planned for'), '2020-01-06T09:00');
    await user.click(preview.getByRole('button', { name: 'Save and plan' }));
    expect(preview.getByText('That time has already passed. Pick a later time.')).toBeInTheDocument();
    expect(screen.getByLabelText('Planned for')).toHaveValue('2020-01-06T09:00');
    expect(editor()).toHaveValue(post);
  });
});

describe('DashboardPage moving a link to the first comment', () => {
  it('takes the link out of the post into the first comment, as one step Undo takes back', async () => {
    const text = 'We wrote up what changed.\n\nRead the full report: https://example.com/report';
    const { user, preview } = renderDashboard(text);
    const check = within(screen.getByRole('region', { name: 'Post check' }));
    await user.click(check.getByRole('button', { name: /Move the link to the first comment/ }));
    expect(stored().content).toBe('We wrote up what changed.');
    expect(stored().firstComment).toBe('https://example.com/report');
    expect(preview.getByRole('textbox', { name: 'First comment' })).toHaveValue('https://example.com/report');

    await user.click(preview.getByRole('button', { name: /^Undo Move the link/ }));
    expect(stored()).toMatchObject({ content: text, firstComment: '' });
  });
});
