import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Post } from '@/entities/post/post';
import { expectConsole } from '../helpers/console-guard.ts';
import { setupApp } from '../helpers/render-app.tsx';

// "Generate" writing 2 or 3 versions, each with its own kind of hook, through the real stores, the
// real /api and backend; only Groq is a fake, answering each hook with its own post.
const app = setupApp();

const composer = () => within(screen.getByRole('region', { name: 'Create New Post' }));
const versions = {
  story: 'Last Tuesday a customer called me at 7 a.m. about an invoice.',
  contrarian: 'Most invoicing advice is wrong for small teams.',
  number: 'We sent 1,240 invoices last year and chased 300 of them.',
};

function answerEachHook() {
  app.providers().setScenario('groq', {
    tokensPerSecond: 1000,
    replyWhen: [
      { contains: 'Open with a story', text: versions.story },
      { contains: 'Open with a contrarian take', text: versions.contrarian },
      { contains: 'Open with a concrete number', text: versions.number },
    ],
  });
}

async function startVersions(count: '2' | '3', topic: string) {
  const { user } = app.renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
  await user.type(screen.getByLabelText('What would you like to post about?'), topic);
  await user.selectOptions(composer().getByLabelText('Versions'), count);
  const generate = composer().getByRole('button', { name: 'Generate Post' });
  await expect.poll(() => generate.hasAttribute('disabled')).toBe(false);
  await user.click(generate);
  return user;
}

describe('versions to choose from', () => {
  it('writes three versions, each opening differently, one request each; the chosen one is saved', async () => {
    const writer = await app.signUp();
    answerEachHook();
    const user = await startVersions('3', 'Invoicing');
    const panel = await screen.findByRole('region', { name: 'Choose a version' });
    const story = within(panel).getByRole('article', { name: 'Version 1: Story' });
    const contrarian = within(panel).getByRole('article', { name: 'Version 2: Contrarian' });
    const number = within(panel).getByRole('article', { name: 'Version 3: Concrete number' });
    // Written at the same time: each finishes in its own time.
    await within(number).findByText(versions.number);
    await within(story).findByText(versions.story);
    await within(contrarian).findByText(versions.contrarian);
    // Finished, not only fully streamed: each can be chosen.
    for (const card of [story, contrarian, number])
      await expect
        .poll(() => within(card).getByRole('button', { name: 'Use this version' }).hasAttribute('disabled'))
        .toBe(false);
    const generations = app.providers().requests.filter((request) => request.provider === 'groq');
    expect(generations).toHaveLength(3);

    await user.click(within(contrarian).getByRole('button', { name: 'Use this version' }));
    const preview = await screen.findByRole('article', { name: 'Post preview' });
    expect(preview).toHaveTextContent(versions.contrarian);
    expect(screen.queryByRole('region', { name: 'Choose a version' })).not.toBeInTheDocument();
    // The others wait in the drawer, and can be swapped in.
    expect(screen.getByText('Other versions (2)')).toBeInTheDocument();
    await user.click(screen.getByText('Other versions (2)'));
    const drawer = screen.getByText('Other versions (2)').closest('details') as HTMLElement;
    await user.click(
      within(within(drawer).getByRole('article', { name: 'Version 3: Concrete number' })).getByRole(
        'button',
        {
          name: 'Use this version',
        },
      ),
    );
    expect(await within(preview).findByText(versions.number)).toBeInTheDocument();
    // Choosing a version, rewriting it and choosing another are steps of one history.
    app.providers().setScenario('groq', {
      tokensPerSecond: 1000,
      replyWhen: [{ contains: 'Make it shorter', text: 'We chased 300 invoices.' }],
    });
    await user.click(screen.getByRole('button', { name: 'Shorter' }));
    expect(await within(preview).findByText('We chased 300 invoices.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo Shorter' })).toBeInTheDocument();
    await user.click(
      within(within(drawer).getByRole('article', { name: 'Version 1: Story' })).getByRole('button', {
        name: 'Use this version',
      }),
    );
    expect(await within(preview).findByText(versions.story)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo Version 1' }));
    expect(await within(preview).findByText('We chased 300 invoices.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Redo Version 1' }));
    expect(await within(preview).findByText(versions.story)).toBeInTheDocument();
    await user.click(
      within(within(drawer).getByRole('article', { name: 'Version 3: Concrete number' })).getByRole(
        'button',
        {
          name: 'Use this version',
        },
      ),
    );
    expect(await within(preview).findByText(versions.number)).toBeInTheDocument();

    await user.click(within(preview).getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('Post saved successfully!')).toBeInTheDocument();
    const { data } = await writer.client.from('posts').select('*');
    expect((data as Post[]).map(({ topic, content }) => ({ topic, content }))).toEqual([
      { topic: 'Invoicing', content: versions.number },
    ]);
  });

  it('writes the versions at the same time, and one can be stopped while the others finish', async () => {
    await app.signUp();
    const long = (text: string) => `${text} ${'And then we wrote it down, step by step. '.repeat(12)}`.trim();
    app.providers().setScenario('groq', {
      tokensPerSecond: 20,
      replyWhen: [
        { contains: 'Open with a story', text: long(versions.story) },
        { contains: 'Open with a contrarian take', text: long(versions.contrarian) },
        { contains: 'Open with a concrete number', text: long(versions.number) },
      ],
    });
    const user = await startVersions('3', 'Invoicing');
    const panel = await screen.findByRole('region', { name: 'Choose a version' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Writing 3 versions at once…');
    // All three are being written at once, each with its own Stop.
    for (const n of [1, 2, 3])
      await within(panel).findByRole('button', { name: `Stop version ${n}` }, { timeout: 10_000 });
    await user.click(within(panel).getByRole('button', { name: 'Stop version 2' }));
    const contrarian = within(panel).getByRole('article', { name: 'Version 2: Contrarian' });
    expect(
      await within(contrarian).findByText('Stopped before this version was finished.'),
    ).toBeInTheDocument();
    const story = within(panel).getByRole('article', { name: 'Version 1: Story' });
    const number = within(panel).getByRole('article', { name: 'Version 3: Concrete number' });
    expect(
      await within(number).findByText(long(versions.number), {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(await within(story).findByText(long(versions.story), {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(contrarian).getByRole('button', { name: 'Use this version' })).toBeDisabled();
    expect(within(story).getByRole('button', { name: 'Use this version' })).toBeEnabled();
  });

  it('keeps the versions that were written when one fails, says why, and only finished ones can be chosen', async () => {
    await app.signUp();
    // The server logs the provider's failure.
    const warned = expectConsole('warn');
    app.providers().setScenario('groq', {
      tokensPerSecond: 1000,
      replyWhen: [
        { contains: 'Open with a story', error: { status: 503 } },
        { contains: 'Open with a contrarian take', text: versions.contrarian },
      ],
    });
    const user = await startVersions('2', 'Invoicing');
    const panel = await screen.findByRole('region', { name: 'Choose a version' });
    const contrarian = within(panel).getByRole('article', { name: 'Version 2: Contrarian' });
    await within(contrarian).findByText(versions.contrarian);
    const story = within(panel).getByRole('article', { name: 'Version 1: Story' });
    // A provider's 503 is tried twice more (docs/product.md §13.9) before the version reports it.
    await within(story).findByText(/Groq API error: 503/);
    expect(within(story).getByRole('button', { name: 'Use this version' })).toBeDisabled();
    expect(warned).toHaveBeenCalledWith('Groq API error', 503, expect.anything());
    await user.click(within(contrarian).getByRole('button', { name: 'Use this version' }));
    expect(await screen.findByRole('article', { name: 'Post preview' })).toHaveTextContent(
      versions.contrarian,
    );
    // Only one other version exists, and it failed: it is still shown with its reason.
    expect(screen.getByText('Other versions (1)')).toBeInTheDocument();
  });

  it('asks for one post as before when one version is chosen', async () => {
    await app.signUp();
    answerEachHook();
    const { user } = app.renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Create New Post' });
    expect(composer().getByLabelText('Versions')).toHaveDisplayValue('1 version');
    await user.type(screen.getByLabelText('What would you like to post about?'), 'Invoicing');
    const generate = composer().getByRole('button', { name: 'Generate Post' });
    await expect.poll(() => generate.hasAttribute('disabled')).toBe(false);
    await user.click(generate);
    await screen.findByRole('article', { name: 'Post preview' });
    expect(screen.queryByRole('region', { name: 'Choose a version' })).not.toBeInTheDocument();
    const requests = app.providers().requests.filter((request) => request.provider === 'groq');
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(requests[0]?.body)).not.toContain('Open with a story');
  });
});
