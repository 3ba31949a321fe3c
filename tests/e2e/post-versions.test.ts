import { describe, expect, it } from 'vitest';
import { restAsUser } from '../../harness/journeys.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { useSignedInSession } from './support/signed-in-session.ts';

// Versions in the browser: "Generate Post" with 3 versions writes one post per kind of hook,
// side by side to choose from; the chosen one is saved, the others wait in a drawer.

const session = useSignedInSession('Katherine Johnson');
const composer = () => session.page.getByRole('region', { name: 'Create New Post' });
const preview = () => session.page.getByRole('article', { name: 'Post preview' });
const versions = () => session.page.getByRole('region', { name: 'Choose a version' });

const story = 'Last spring I checked a trajectory by hand at 2 a.m. because the machine disagreed with me.';
const contrarian = 'Trusting the computer is the wrong lesson from my career. Trust the check.';
const number = 'I ran 3 checks on every orbit the machine computed. Two of them caught something.';

describe('versions to choose from', () => {
  it('writes three versions with different hooks, and the chosen one is saved', async () => {
    session.fake.setScenario('groq', {
      tokensPerSecond: 80,
      replyWhen: [
        { contains: 'Open with a story', text: story },
        { contains: 'Open with a contrarian take', text: contrarian },
        { contains: 'Open with a concrete number', text: number },
      ],
    });
    const topic = 'Checking the machine';
    await session.page.getByLabel('What would you like to post about?').fill(topic);
    await composer().getByLabel('Versions').selectOption('3');
    await composer().getByRole('button', { name: 'Generate Post' }).click();
    await versions().getByText('Writing 3 versions at once…').waitFor();
    const third = versions().getByRole('article', { name: 'Version 3: Concrete number' });
    await third.getByText(number).waitFor({ timeout: 60_000 });
    await third
      .getByRole('button', { name: 'Use this version' })
      .and(session.page.locator(':enabled'))
      .waitFor();
    // Written at the same time: each finishes in its own time.
    await versions().getByRole('article', { name: 'Version 1: Story' }).getByText(story).waitFor();
    await versions().getByRole('article', { name: 'Version 2: Contrarian' }).getByText(contrarian).waitFor();
    const bodies = session.fake.requests
      .filter((request) => request.provider === 'groq')
      .map((request) => JSON.stringify(request.body));
    expect(bodies).toHaveLength(3);
    // One request per kind of hook, sent at the same time (in any order).
    expect(
      ['Open with a story', 'Open with a contrarian take', 'Open with a concrete number'].map(
        (hook) => bodies.filter((body) => body.includes(hook)).length,
      ),
    ).toEqual([1, 1, 1]);
    expect(await seriousAxeViolations(session.page)).toEqual([]);

    await versions()
      .getByRole('article', { name: 'Version 2: Contrarian' })
      .getByRole('button', { name: 'Use this version' })
      .click();
    await preview().getByText(contrarian).waitFor();
    await session.page.getByText('Other versions (2)').click();
    expect(await session.page.getByRole('article', { name: 'Version 1: Story' }).innerText()).toContain(
      story,
    );

    await preview().getByRole('button', { name: 'Save Post' }).click();
    await session.page.getByText('Post saved successfully!').waitFor();
    const rows = await restAsUser<{ content: string }[]>(
      session.page,
      session.server.url,
      `posts?select=content&topic=eq.${encodeURIComponent(topic)}`,
    );
    expect(rows).toEqual([{ content: contrarian }]);
  });
});
