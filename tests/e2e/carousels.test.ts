import { readFile } from 'node:fs/promises';
import { pdfPageTexts as pageTexts } from '../helpers/pdf-text.ts';
import type { Dialog } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { restAsUser } from '../../harness/journeys.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { fakeLinkedInEnv, useSignedInSession } from './support/signed-in-session.ts';
import { layoutProblems, setWidth } from './support/viewports.ts';

// Issue 29 end to end, on the app as `npm start` runs it: a generated post becomes a carousel (the
// fake Groq writes the slides, the first reply malformed so the app retries once), a slide is
// edited (and still there after a reload), the PDF is downloaded and stored with the post, and publishing sends LinkedIn (the fake)
// a PDF whose pages hold the slides' text.

const session = useSignedInSession('Ada Lovelace', fakeLinkedInEnv);

const topic = 'The small yes that changed my career';
const editedHeading = 'Small problems teach you fastest';

const composer = () => session.page.getByRole('region', { name: 'Create New Post' });
const preview = () => session.page.getByRole('article', { name: 'Post preview' });

describe('carousels', () => {
  it('makes a carousel from a generated post, edits it, downloads it and publishes it to LinkedIn', async () => {
    const { page, server, fake } = session;

    // LinkedIn connected (through the fake's sign-in page).
    await page.goto(`${server.url}/settings`);
    const card = page.getByRole('region', { name: 'LinkedIn' });
    await card.getByRole('button', { name: 'Connect LinkedIn' }).click();
    await page.getByText('LinkedIn connected as Ada Lovelace.').waitFor();

    // A generated post.
    await page.goto(server.url);
    await page.getByLabel('What would you like to post about?').fill(topic);
    await composer().getByRole('button', { name: 'Generate Post' }).click();
    await preview().waitFor();
    await composer().getByRole('button', { name: 'Generate Post' }).waitFor({ timeout: 60_000 });

    // "Make a carousel": the first reply is malformed, the app asks once more by itself.
    fake.setScenario('groq', { malformedCarousels: 1 });
    await preview().getByRole('button', { name: 'Make a carousel' }).click();
    const editor = preview().getByRole('group', { name: 'Carousel editor' });
    await editor.waitFor({ timeout: 60_000 });
    const carouselRequests = fake.requests.filter((request) =>
      JSON.stringify(request.body ?? '').includes('into carousel slides'),
    );
    expect(carouselRequests).toHaveLength(2);

    const slides = editor.getByRole('list', { name: 'Slides' }).getByRole('listitem');
    expect(await slides.count()).toBe(6);
    await editor.getByLabel('Slide 2 heading').fill(editedHeading);
    const shown = preview().getByRole('region', { name: 'Carousel preview' });
    await shown.getByText(`${topic} · 6 pages`).waitFor();
    // The preview turns to slide 2 with the arrow, and shows the edited heading (laid out by the worker).
    await shown.getByRole('button', { name: 'Next slide' }).click();
    await shown.getByRole('img', { name: new RegExp(`^Slide 2 of 6: .*${editedHeading}`) }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A reload (the browser asks first: the edits are not saved with the post) brings the unsaved
    // edit back, in the open editor.
    const leaving: string[] = [];
    const answer = (dialog: Dialog) => {
      leaving.push(dialog.type());
      void dialog.accept();
    };
    page.on('dialog', answer);
    await page.reload();
    page.off('dialog', answer);
    await page.getByText('Unsaved carousel changes restored.').waitFor({ timeout: 60_000 });
    expect(await editor.getByLabel('Slide 2 heading').inputValue()).toBe(editedHeading);
    expect(leaving.every((type) => type === 'beforeunload')).toBe(true);

    // At a phone's width nothing scrolls sideways.
    await setWidth(page, 390);
    expect((await layoutProblems(page)).filter((problem) => problem.includes('sideways'))).toEqual([]);
    await setWidth(page, 1280);

    // "Download PDF": a PDF holding the edited text.
    const download = page.waitForEvent('download');
    await preview().getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${topic}.pdf`);
    const downloaded = new Uint8Array(await readFile(await file.path()));
    expect(Buffer.from(downloaded.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const downloadedPages = await pageTexts(downloaded);
    expect(downloadedPages).toHaveLength(6);
    expect(downloadedPages[1]).toContain(editedHeading);

    // "Save carousel" stores the PDF with the post.
    await preview().getByRole('button', { name: 'Save carousel' }).click();
    await page.getByText('Carousel saved with the post.').waitFor({ timeout: 60_000 });
    await preview().getByRole('button', { name: 'Edit carousel' }).waitFor();
    // The autosave goes on without taking the carousel's save for another tab.
    await preview().getByLabel('Post text').press('Control+End');
    await preview().getByLabel('Post text').pressSequentially(' Swipe through.');
    await expect
      .poll(async () => {
        const rows = await restAsUser<{ content: string; carousel_path: string | null }[]>(
          page,
          server.url,
          `posts?select=content,carousel_path&topic=eq.${encodeURIComponent(topic)}`,
        );
        return rows[0]?.content.endsWith('Swipe through.') && rows[0].carousel_path !== null;
      })
      .toBe(true);
    expect(await page.getByText('changed in another tab', { exact: false }).count()).toBe(0);

    // Saved Posts marks it, and publishing shows the carousel before it goes out.
    await page.goto(`${server.url}/saved`);
    const item = page.getByRole('article', { name: topic });
    await item.getByText('Carousel · 6 slides').waitFor();
    await item.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish to LinkedIn?' });
    await dialog.getByText('PDF document · 6 pages').waitFor();
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await item.getByRole('link', { name: 'View on LinkedIn' }).waitFor({ timeout: 60_000 });

    // The fake LinkedIn received the PDF: its pages hold the slides' text.
    const documents = (await (await fetch(`${fake.url}/__control/linkedin/documents`)).json()) as {
      urn: string;
    }[];
    expect(documents).toHaveLength(1);
    const response = await fetch(
      `${fake.url}/__control/linkedin/document?urn=${encodeURIComponent(documents[0]!.urn)}`,
    );
    expect(response.status).toBe(200);
    const published = await pageTexts(new Uint8Array(await response.arrayBuffer()));
    expect(published).toHaveLength(6);
    expect(published[0]).toContain('I almost said no');
    expect(published[1]).toContain(editedHeading);
    expect(published[5]).toContain('Follow for more career lessons');
    const [sent] = fake.linkedin.posts;
    expect(sent?.shownText).toContain('Swipe through.');
    fake.setScenario('groq', {});
  });
});
