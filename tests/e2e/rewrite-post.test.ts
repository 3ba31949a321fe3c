import { describe, expect, it } from 'vitest';
import { restAsUser } from '../../harness/journeys.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { useSignedInSession } from './support/signed-in-session.ts';
import { fullyShown, layoutProblems, setWidth } from './support/viewports.ts';

// "Rewrite in one click" in the browser: each rewrite streams into the preview through the fake
// Groq, the post check follows it, Undo puts the text back, Save Post saves what the preview holds,
// and a failed or stopped rewrite leaves the post as it was.

const session = useSignedInSession('Katherine Johnson');
const composer = () => session.page.getByRole('region', { name: 'Create New Post' });
const preview = () => session.page.getByRole('article', { name: 'Post preview' });
const check = () => session.page.getByRole('region', { name: 'Post check' });
const bar = () => session.page.getByRole('region', { name: 'Rewrite' });
const barStatus = () => bar().getByRole('status');
const groqRequests = () => session.fake.requests.filter((request) => request.provider === 'groq');

const topic = 'Shipping the billing page';
const paragraph = 'We rewrote one page with the team. The queue went back to normal within a month.';
const flagged = 'We shipped the billing page — finally — after a month of arguing.';
const post = [flagged, ...Array(9).fill(paragraph)].join('\n\n');
const withoutDashes = post.replace(' — finally — ', ', finally, ');
const shorter = [
  'We shipped the billing page after a month of arguing.',
  'The queue went back to normal within a month.',
].join('\n\n');

/** The user message of the newest request to Groq. */
function lastUserMessage(): string {
  const body = groqRequests().at(-1)?.body as { messages?: { role: string; content: string }[] } | undefined;
  return body?.messages?.find((message) => message.role === 'user')?.content ?? '';
}

/** The post's words, as the card's text box holds them. */
const postText = () => preview().getByRole('textbox', { name: 'Post text' }).inputValue();

async function generate(text: string) {
  session.fake.setScenario('groq', { text, tokensPerSecond: 2000 });
  await session.page.getByLabel('What would you like to post about?').fill(topic);
  await composer().getByRole('button', { name: 'Generate Post' }).click();
  await preview().waitFor();
  await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
}

describe('rewriting the post in the preview', () => {
  it('removes the AI tells the post check flags, sending only those spans, and Undo brings the post back', async () => {
    await generate(post);
    await check().getByRole('button', { name: 'Post check: 1 thing to look at' }).waitFor();
    expect(await bar().getByRole('button', { name: 'Remove AI tells', exact: true }).isEnabled()).toBe(true);

    session.fake.setScenario('groq', { text: withoutDashes, tokensPerSecond: 2000 });
    const before = groqRequests().length;
    await bar().getByRole('button', { name: 'Remove AI tells', exact: true }).click();
    await barStatus().getByText('Rewritten: Remove AI tells. Undo available.').waitFor();

    expect(groqRequests().length - before).toBe(1);
    const sent = lastUserMessage();
    expect(sent).toContain(
      `1. "—" in "${flagged}": A dash like this is one of the best-known signs of AI writing.`,
    );
    expect(sent).toContain(`<post>\n${post}\n</post>`);
    expect(await postText()).toContain('We shipped the billing page, finally, after a month');
    expect(await postText()).not.toContain('—');
    await check().getByText('Post check: nothing stands out').waitFor();
    // Nothing left to remove: the button waits and says why.
    const removeTells = bar().getByRole('button', { name: 'Remove AI tells', exact: true });
    expect(await removeTells.isDisabled()).toBe(true);
    expect(await removeTells.getAttribute('aria-describedby')).toBeTruthy();
    await bar().getByText('Nothing to remove: the post check finds no AI tells.').waitFor();

    // Undo is the card's, for every change to the post.
    await preview().getByRole('button', { name: 'Undo Remove AI tells' }).click();
    await preview().getByRole('status').filter({ hasText: 'Undone: Remove AI tells.' }).waitFor();
    expect(await postText()).toContain(flagged);
    await check().getByRole('button', { name: 'Post check: 1 thing to look at' }).waitFor();
    expect(await preview().getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);
    await preview().getByRole('button', { name: 'Redo Remove AI tells' }).waitFor();
  });

  it('streams a Shorter rewrite into the preview, and Save Post saves the rewritten text', async () => {
    session.fake.setScenario('groq', { text: shorter, tokensPerSecond: 15 });
    await bar().getByRole('button', { name: 'Shorter', exact: true }).click();
    await barStatus().getByText('Rewriting...').waitFor();
    // While it streams, nothing else may touch the preview.
    expect(await preview().getByRole('button', { name: 'Save Post' }).isDisabled()).toBe(true);
    expect(await bar().getByRole('button', { name: 'Use American spelling' }).isDisabled()).toBe(true);
    expect(await composer().getByRole('button', { name: 'Generate Post' }).isDisabled()).toBe(true);
    await bar().getByRole('button', { name: 'Stop rewriting' }).waitFor();
    await barStatus().getByText('Rewritten: Shorter. Undo available.').waitFor({ timeout: 30_000 });
    expect(await postText()).toContain(shorter.split('\n')[0] ?? '');
    await preview().getByRole('button', { name: 'Undo Shorter' }).waitFor();
    // Checked here, with Undo, the hint and post-check findings on screen. (With no findings at
    // all, the post check's toggle points aria-controls at a list it does not render.)
    await check()
      .getByRole('button', { name: /Post check: \d+ things? to look at/ })
      .waitFor();
    await bar().getByText('Nothing to remove: the post check finds no AI tells.').waitFor();
    expect(await seriousAxeViolations(session.page)).toEqual([]);

    await preview().getByRole('button', { name: 'Save Post' }).click();
    await session.page.getByText('Post saved successfully!').waitFor();
    const rows = await restAsUser<{ content: string }[]>(
      session.page,
      session.server.url,
      `posts?select=content&topic=eq.${encodeURIComponent(topic)}`,
    );
    expect(rows.map((row) => row.content)).toEqual([shorter]);
    await session.page.getByText('Your post preview will appear here').waitFor({ timeout: 10_000 });
  });

  it('keeps the post as it was when a rewrite fails, and says why', async () => {
    await generate(post);
    // Provoked on purpose: the browser logs the failed request.
    session.browser.allowConsoleErrorsInThisTest(/status of 500 .*\/api\/groq\//);
    session.fake.setScenario('groq', { error: { status: 500 } });
    await bar().getByRole('button', { name: 'More personal' }).click();
    await barStatus().getByText('The rewrite did not finish, so your post is as it was before.').waitFor();
    await session.page
      .getByRole('region', { name: 'Preview', exact: true })
      .getByRole('alert')
      .filter({ hasText: 'Groq API error: 500 Internal Server Error' })
      .waitFor();
    await session.page
      .getByRole('status')
      .filter({ hasText: 'Groq API error: 500 Internal Server Error' })
      .first()
      .waitFor();
    expect(await postText()).toContain(flagged);
    expect(await preview().getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);
    expect(await bar().getByRole('button', { name: 'More personal' }).isEnabled()).toBe(true);
  });

  it('puts the post back at once when a rewrite is stopped', async () => {
    session.fake.setScenario('groq', { text: shorter, tokensPerSecond: 2 });
    await bar().getByRole('button', { name: 'Punchier hook' }).click();
    await bar().getByRole('button', { name: 'Stop rewriting' }).click();
    await barStatus().getByText('Rewrite stopped. Your post is as it was before.').waitFor();
    expect(await postText()).toContain(flagged);
    expect(await bar().getByRole('button', { name: 'Punchier hook' }).isEnabled()).toBe(true);
  });

  it('wraps its buttons at 320 px', async () => {
    await setWidth(session.page, 320);
    for (const name of [
      'Shorter',
      'Punchier hook',
      'More personal',
      'Remove AI tells',
      'Use American spelling',
    ]) {
      const button = bar().getByRole('button', { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      expect(await fullyShown(button), name).toBe(true);
    }
    expect(await layoutProblems(session.page)).toEqual([]);
  });
});
