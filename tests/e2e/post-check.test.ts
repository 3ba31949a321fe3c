import { describe, expect, it } from 'vitest';
import { accessTokenOf, publishableKey, restAsUser } from '../../harness/journeys.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { useSignedInSession } from './support/signed-in-session.ts';

// The post check in the browser: nothing is flagged while the post streams, the findings come once
// it is written, a one-click fix changes every place of its kind in the text that is then saved,
// and an author's own habits (from their voice samples) are shown as information, not warnings.

const session = useSignedInSession('Mary Jackson');
const composer = () => session.page.getByRole('region', { name: 'Create New Post' });
const preview = () => session.page.getByRole('article', { name: 'Post preview' });
const check = () => session.page.getByRole('region', { name: 'Post check' });

/**
 * Records the post check's words on every change of the page while a generation runs (as a string,
 * so the bundler's helpers never reach the page).
 */
const watchCheckWhileGenerating = `(() => {
  window.checkWhileGenerating = [];
  new MutationObserver(() => {
    const generating = [...document.querySelectorAll('button')].some((button) =>
      (button.textContent || '').includes('Generating post...'),
    );
    const region = document.querySelector('section[aria-label="Post check"]');
    if (generating && region) window.checkWhileGenerating.push((region.textContent || '').trim());
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

const paragraph = 'We rewrote one page with the team. The queue went back to normal within a month.';
const post = [
  `We shipped the billing page — finally — after a month of arguing.`,
  ...Array(9).fill(paragraph),
].join('\n\n');

describe('the post check', () => {
  it('lists nothing while the post streams, then what gives it away, and one click turns both em dashes into commas before saving', async () => {
    session.fake.setScenario('groq', { text: post, tokensPerSecond: 60 });
    const topic = 'Shipping the billing page';
    // Everything the post check region says while the generate button says "Generating post...".
    await session.page.evaluate(watchCheckWhileGenerating);
    await session.page.getByLabel('What would you like to post about?').fill(topic);
    await composer().getByRole('button', { name: 'Generate Post' }).click();
    await check().getByText('Post check: after the post is written').waitFor();
    expect(await check().getByRole('listitem').count()).toBe(0);
    await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });
    const whileStreaming = await session.page.evaluate(
      () => (window as unknown as { checkWhileGenerating: string[] }).checkWhileGenerating,
    );
    expect(whileStreaming.length).toBeGreaterThan(0);
    expect([...new Set(whileStreaming)]).toEqual(['Post check: after the post is written']);

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

  it("shows an author's own habits as information: their → lists and their length are not warnings", async () => {
    const samples = [
      'Three things I check before a release:\n\n→ the migration runs twice\n→ the rollback is written down\n→ someone else has read the diff\n\nBoring on purpose. Boring ships.',
      'What our support team taught me this quarter:\n\n→ most tickets are one question\n→ the answer is on a page nobody finds\n→ the fix is a sentence, not a feature\n\nWe rewrote the page. Tickets halved.',
      'Hiring notes from this month:\n\n→ a take-home of two hours, not ten\n→ we pay for it\n→ everyone hears back within a week\n\nWe lost nobody to silence this time.',
    ];
    const response = await fetch(`${session.server.url}/rest/v1/voice_samples`, {
      method: 'POST',
      headers: {
        apikey: await publishableKey(session.server.url),
        authorization: `Bearer ${await accessTokenOf(session.page)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(samples.map((content) => ({ content }))),
    });
    expect(response.ok).toBe(true);
    // The samples are read when the app loads.
    await session.page.goto(session.server.url);
    const inTheirStyle =
      'Before a migration I ask three questions:\n\n→ does it run twice without harm\n→ who rolls it back at 2am\n→ has someone else read it\n\nSlow is smooth. Smooth ships.';
    session.fake.setScenario('groq', { text: inTheirStyle, tokensPerSecond: 2000 });
    await session.page.getByLabel('What would you like to post about?').fill('Migrations');
    await composer().getByRole('button', { name: 'Generate Post' }).click();
    await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });

    await check().getByText('Post check: nothing stands out').waitFor();
    const own = check().getByRole('list', { name: 'In your own style (for information)' });
    await own
      .getByText('→ arrows as bullets: you use these in your own posts, so they are left as they are.')
      .waitFor();
    expect(await own.getByRole('button').count()).toBe(0);
    expect(
      await check()
        .getByText(/900 to 1,500/)
        .count(),
    ).toBe(0);
    expect(await seriousAxeViolations(session.page)).toEqual([]);
  });
});
