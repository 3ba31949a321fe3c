import { describe, expect, it } from 'vitest';
import { restAsUser } from '../../harness/journeys.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { useSignedInSession } from './support/signed-in-session.ts';

// The post check in the browser: findings appear while the post streams, and a one-click fix
// changes every place of its kind in the text that is then saved.

const session = useSignedInSession('Mary Jackson');
const composer = () => session.page.getByRole('region', { name: 'Create New Post' });
const preview = () => session.page.getByRole('article', { name: 'Post preview' });
const check = () => session.page.getByRole('region', { name: 'Post check' });

const paragraph = 'We rewrote one page with the team. The queue went back to normal within a month.';
const post = [
  `We shipped the billing page — finally — after a month of arguing.`,
  ...Array(9).fill(paragraph),
].join('\n\n');

describe('the post check', () => {
  it('lists what gives a post away while it streams, and one click turns both em dashes into commas before saving', async () => {
    session.fake.setScenario('groq', { text: post, tokensPerSecond: 60 });
    const topic = 'Shipping the billing page';
    await session.page.getByLabel('What would you like to post about?').fill(topic);
    await composer().getByRole('button', { name: 'Generate Post' }).click();
    // Already while streaming: the dashes are found (no fixes offered until the text is final).
    await check()
      .getByText(/Post check: \d+ things? to look at/)
      .waitFor();
    expect(await composer().getByRole('button', { name: 'Generating post...' }).count()).toBe(1);
    await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });

    // Two dashes are one finding, with one fix for both.
    await check().getByRole('button', { name: 'Post check: 1 thing to look at' }).waitFor();
    await check()
      .getByText('2 dashes: dashes like these are one of the best-known signs of AI writing.')
      .waitFor();
    expect(await seriousAxeViolations(session.page)).toEqual([]);
    await check().getByRole('button', { name: 'Use commas (2)' }).click();
    await check().getByText('Post check: nothing stands out').waitFor();
    // With nothing to list there is no toggle pointing at a missing list.
    expect(await seriousAxeViolations(session.page)).toEqual([]);
    expect(await preview().getByRole('textbox', { name: 'Post text' }).inputValue()).toContain(
      'We shipped the billing page, finally, after a month',
    );

    await preview().getByRole('button', { name: 'Save Post' }).click();
    await session.page.getByText('Post saved successfully!').waitFor();
    const rows = await restAsUser<{ content: string }[]>(
      session.page,
      session.server.url,
      `posts?select=content&topic=eq.${encodeURIComponent(topic)}`,
    );
    expect(rows[0]?.content.startsWith('We shipped the billing page, finally, after a month')).toBe(true);
    expect(rows[0]?.content).not.toContain('—');
  });

  it('checks the text being edited on Saved Posts too', async () => {
    await session.page.goto(`${session.server.url}/saved`);
    const item = session.page.getByRole('article', { name: 'Shipping the billing page' });
    await item.getByRole('button', { name: 'Edit' }).click();
    const editor = item.getByLabel('Edit post');
    await editor.fill(`${await editor.inputValue()}\n\nThoughts?`);
    await item.getByRole('region', { name: 'Post check' }).getByText('Ending on "Thoughts?" alone').waitFor();
    await item.getByRole('button', { name: 'Remove "Thoughts?"' }).click();
    expect((await editor.inputValue()).trimEnd().endsWith('within a month.')).toBe(true);
  });
});
