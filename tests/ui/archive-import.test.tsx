/// <reference types="vite/client" />
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@/config/messages';
import { parseSharesCsv } from '@/features/profile/archive/parse-shares-csv';
import type { Profile } from '@/lib/supabase/database-types';
import { deriveVoiceProfile } from '@/lib/voice/derive-voice-profile';
import sharesCsv from '../fixtures/linkedin-archive/Shares.csv?raw';
import {
  fixturePostCount,
  fixtureReshareCount,
  linkedInArchive,
  zipFiles,
} from '../fixtures/linkedin-archive/build-archive.ts';
import { ideaCounts as countsOf, storedHistoryPosts } from '../helpers/archive-rows.ts';
import { setupApp, type TestUser } from '../helpers/render-app.tsx';

// "Import from your LinkedIn archive" in Settings → Your voice, in the whole app against the real
// embedded backend: a file is picked through the file input, read on the page (jsdom has no Worker,
// so the page runs the code the worker runs), reviewed, and what the author keeps is read back from
// Postgres: the samples and the learned voice through the voice editor, the history as posts, their
// topics in the ideas bank.
const app = setupApp();

const fileLabel = 'LinkedIn archive (ZIP or Shares.csv)';
const historyNote =
  'Kept 15 posts as published history: they are in Saved Posts and on the calendar on the day you posted them.';

/** The fixture's posts with text, newest first, as the import reads them. */
const fixturePosts = (() => {
  const parsed = parseSharesCsv(sharesCsv);
  if (!parsed.ok) throw new Error('the fixture Shares.csv does not parse');
  return parsed.posts;
})();

async function openSettings() {
  const writer = await app.signUp({ profile: { full_name: 'Ada Lovelace' } });
  const rendered = app.renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
  const archive = screen.getByRole('region', { name: 'Import from your LinkedIn archive' });
  // A file picker's filter is a suggestion: the author can pick any file.
  const picker = userEvent.setup({ applyAccept: false });
  const pick = async (bytes: Uint8Array | string, name: string) =>
    picker.upload(
      within(archive).getByLabelText(fileLabel),
      new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name),
    );
  return { writer, archive, pick, ...rendered };
}

const zip = () => linkedInArchive(sharesCsv);

const checkboxes = (archive: HTMLElement) =>
  within(within(archive).getByRole('group', { name: 'Your LinkedIn posts' })).getAllByRole('checkbox');

const ticked = (archive: HTMLElement) =>
  checkboxes(archive).filter((box) => (box as HTMLInputElement).checked);

const keepButton = (archive: HTMLElement) =>
  within(archive).getByRole('button', { name: 'Keep these posts' });

const storedPosts = (writer: TestUser) => storedHistoryPosts(writer.client);

async function storedSamples(writer: TestUser): Promise<string[]> {
  const { data, error } = await writer.client.from('voice_samples').select('content').order('created_at');
  if (error) throw new Error(error.message);
  return (data as { content: string }[]).map((row) => row.content);
}

async function storedProfile(writer: TestUser): Promise<Profile> {
  const { data, error } = await writer.client.from('profiles').select('*').eq('id', writer.id).single();
  if (error) throw new Error(error.message);
  return data as Profile;
}

const ideaCounts = (writer: TestUser) => countsOf(writer.client);

/** A post of a damaged export: a NUL character in its text. */
const damagedPost = 'A post the export damaged:\u0000 it holds a NUL character in its text.';

/** Shares.csv with `rows` of the author's own (date, text), in LinkedIn's columns. */
const sharesWith = (rows: readonly (readonly [string, string])[]) =>
  `Date,ShareLink,ShareCommentary,SharedUrl,MediaUrl,Visibility\n${rows
    .map(
      ([date, text], index) =>
        `${date},https://www.linkedin.com/feed/update/urn:li:share:${9_100_000 + index},"${text.replaceAll('"', '""')}",,,PUBLIC`,
    )
    .join('\n')}\n`;

describe('Settings: import from the LinkedIn archive', () => {
  it('shows the posts of the picked ZIP, the ten proposed samples ticked, and what was skipped; nothing is saved yet', async () => {
    const { writer, archive, pick, user } = await openSettings();
    await pick(zip(), 'linkedin.zip');
    await within(archive).findByText(
      `Found ${fixturePostCount} posts in linkedin.zip, from March 2026 to November 2026.`,
    );
    expect(
      within(archive).getByText(
        `${fixtureReshareCount} reshares without a comment of your own were skipped.`,
      ),
    ).toBeInTheDocument();
    expect(within(archive).getByText('10 of 10 chosen as samples')).toBeInTheDocument();
    expect(checkboxes(archive)).toHaveLength(15);
    expect(ticked(archive)).toHaveLength(10);
    // The file input gives way to the review.
    expect(within(archive).queryByLabelText(fileLabel)).not.toBeInTheDocument();

    const short = within(archive).getByRole('checkbox', { name: /Thrilled to share!/ });
    expect(short).toBeDisabled();
    expect(short).toHaveAccessibleName(
      expect.stringContaining('Too short to be a sample: 18 characters (at least 40).'),
    );
    // Ten are chosen: another cannot be added until one is taken away.
    const unticked = checkboxes(archive).filter((box) => !(box as HTMLInputElement).checked);
    expect(unticked.every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    await user.click(ticked(archive)[0]!);
    expect(within(archive).getByText('9 of 10 chosen as samples')).toBeInTheDocument();
    const free = checkboxes(archive).filter(
      (box) => !(box as HTMLInputElement).checked && !(box as HTMLInputElement).disabled,
    );
    expect(free.length).toBeGreaterThan(1);
    await user.click(free.at(-1)!);
    expect(within(archive).getByText('10 of 10 chosen as samples')).toBeInTheDocument();

    expect(await storedPosts(writer)).toEqual([]);
    expect(await storedSamples(writer)).toEqual([]);
  });

  it('keeps the chosen posts as samples through the voice editor, and all posts as published history', async () => {
    const { writer, archive, pick, user, unmount } = await openSettings();
    await pick(zip(), 'linkedin.zip');
    await within(archive).findByText('10 of 10 chosen as samples');
    await user.click(within(archive).getByRole('checkbox', { name: /Nothing ships after 3 pm/ }));
    expect(within(archive).getByText('9 of 10 chosen as samples')).toBeInTheDocument();
    await user.click(
      within(archive).getByRole('checkbox', { name: 'Also keep all 15 posts as published history' }),
    );
    await user.click(keepButton(archive));

    expect(await within(archive).findByText(historyNote)).toBeInTheDocument();
    expect(
      within(archive).getByText(
        'Your 9 chosen posts are now your samples below, and your voice was learned from them.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your voice is saved.')).toBeInTheDocument();

    // The history: every post, published, on the day it went out, under its opening words.
    const posts = await storedPosts(writer);
    expect(posts).toHaveLength(15);
    expect(posts.map((post) => post.content)).toEqual(fixturePosts.map((post) => post.text));
    expect(posts.every((post) => post.is_published && post.publish_status === 'published')).toBe(true);
    expect(posts.map((post) => new Date(post.created_at).toISOString())).toEqual(
      fixturePosts.map((post) => post.postedAt),
    );
    expect(posts[0]).toMatchObject({
      topic: 'Three things I learned shipping our first AI feature, in order of pain:',
    });
    expect(new Date(posts[0]!.created_at).toISOString()).toBe('2026-11-03T12:15:00.000Z');
    expect(new Date(posts[0]!.calendar_at).toISOString()).toBe('2026-11-03T12:15:00.000Z');
    // Each counted in the ideas bank.
    const ideas = await ideaCounts(writer);
    expect(Object.values(ideas).reduce((sum, count) => sum + count, 0)).toBe(15);
    expect(ideas['Three things I learned shipping our first AI feature, in order of pain:']).toBe(1);

    // The samples: the nine chosen, newest first, and the voice learned from them.
    const samples = await storedSamples(writer);
    expect(samples).toHaveLength(9);
    expect(samples[0]).toMatch(/^Three things I learned/);
    expect(samples.some((text) => text.includes('Nothing ships after 3 pm'))).toBe(false);
    for (const text of samples) expect(fixturePosts.map((post) => post.text)).toContain(text);
    expect((await storedProfile(writer)).voice_profile).toEqual(deriveVoiceProfile(samples));
    expect(screen.getByLabelText('Sample 9', { exact: true })).toHaveValue(samples[8]);
    expect(screen.queryByLabelText('Sample 10', { exact: true })).not.toBeInTheDocument();

    // Opened again, Settings shows what is stored.
    unmount();
    app.renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
    expect(await screen.findByLabelText('Sample 1', { exact: true })).toHaveValue(samples[0]);
    expect(screen.getByLabelText('Sample 9', { exact: true })).toHaveValue(samples[8]);
  });

  it('keeps the samples alone when the history is not asked for', async () => {
    const { writer, archive, pick, user } = await openSettings();
    await pick(zip(), 'linkedin.zip');
    await within(archive).findByText('10 of 10 chosen as samples');
    await user.click(keepButton(archive));

    expect(
      await within(archive).findByText(
        'Your 10 chosen posts are now your samples below, and your voice was learned from them.',
      ),
    ).toBeInTheDocument();
    expect(within(archive).queryByText(/published history/)).not.toBeInTheDocument();
    await waitFor(async () => expect(await storedSamples(writer)).toHaveLength(10));
    expect(await storedPosts(writer)).toEqual([]);
    expect(await ideaCounts(writer)).toEqual({});
  });

  it('importing the archive again adds no post twice and says how many were already kept', async () => {
    const { writer, archive, pick, user } = await openSettings();
    const keepHistoryOnly = async (count: number) => {
      await within(archive).findByText(`${Math.min(count, 10)} of 10 chosen as samples`);
      for (const box of ticked(archive)) await user.click(box);
      await user.click(
        within(archive).getByRole('checkbox', { name: `Also keep all ${count} posts as published history` }),
      );
      await user.click(keepButton(archive));
    };

    await pick(sharesCsv, 'Shares.csv');
    await keepHistoryOnly(15);
    expect(await within(archive).findByText(historyNote)).toBeInTheDocument();
    expect(within(archive).queryByText(/chosen posts are now your samples/)).not.toBeInTheDocument();

    // A newer archive: one more post.
    const newer = `${sharesCsv.trimEnd()}\n2026-11-20 08:00:00,https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A730018,"A post written after the first import, long enough to be a sample.",,,PUBLIC\n`;
    await pick(newer, 'Shares.csv');
    await keepHistoryOnly(16);
    expect(
      await within(archive).findByText(
        'Kept 1 post as published history: they are in Saved Posts and on the calendar on the day you posted them. 15 more were already kept by an earlier import.',
      ),
    ).toBeInTheDocument();

    await pick(newer, 'Shares.csv');
    await keepHistoryOnly(16);
    expect(
      await within(archive).findByText('All 16 posts were already kept by an earlier import.'),
    ).toBeInTheDocument();

    expect(await storedPosts(writer)).toHaveLength(16);
    const ideas = await ideaCounts(writer);
    expect(Object.values(ideas)).toHaveLength(16);
    expect(Object.values(ideas).every((count) => count === 1)).toBe(true);
    expect(await storedSamples(writer)).toEqual([]);
  });

  it('keeps nothing when the connection fails, says why, and keeps everything when it is back', async () => {
    const { writer, archive, pick, user } = await openSettings();
    await pick(zip(), 'linkedin.zip');
    await user.click(await within(archive).findByRole('checkbox', { name: /as published history/ }));
    await app.stopServer();
    await user.click(keepButton(archive));

    expect(await within(archive).findByRole('alert')).toHaveTextContent(
      `Your posts were not kept: ${messages.no_connection}`,
    );
    expect(screen.getByLabelText('Sample 1', { exact: true })).toHaveValue('');
    // Still there to try again, with the choice as it was.
    expect(keepButton(archive)).toBeEnabled();
    expect(ticked(archive)).toHaveLength(10);
    expect(within(archive).getByRole('checkbox', { name: /as published history/ })).toBeChecked();

    await app.startServer();
    expect(await storedPosts(writer)).toEqual([]);
    expect(await storedSamples(writer)).toEqual([]);
    await user.click(keepButton(archive));
    expect(await within(archive).findByText(historyNote)).toBeInTheDocument();
    expect(within(archive).queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('Your voice is saved.')).toBeInTheDocument();
    expect(await storedPosts(writer)).toHaveLength(15);
    expect(await storedSamples(writer)).toHaveLength(10);
  });

  it('keeps a post of a damaged export without the NUL character PostgreSQL cannot store', async () => {
    const { writer, archive, pick, user } = await openSettings();
    await pick(
      sharesWith([
        ['2026-05-02 09:00:00', 'A plain post about the billing page, long enough to be a voice sample.'],
        ['2026-05-01 09:00:00', damagedPost],
        ['2026-04-30 09:00:00', 'Another plain post, about the support queue and what it taught us.'],
      ]),
      'Shares.csv',
    );
    await user.click(await within(archive).findByRole('checkbox', { name: /as published history/ }));
    await user.click(keepButton(archive));
    expect(await within(archive).findByText(/^Kept 3 posts as published history/)).toBeInTheDocument();
    expect(within(archive).queryByRole('alert')).not.toBeInTheDocument();
    const contents = (await storedPosts(writer)).map((post) => post.content);
    expect(contents).toContain('A post the export damaged: it holds a NUL character in its text.');
    expect(contents.some((content) => content.includes('\u0000'))).toBe(false);
  });

  it('asks for at least three samples, or none, and keeps nothing meanwhile', async () => {
    const { writer, archive, pick, user } = await openSettings();
    await pick(sharesCsv, 'Shares.csv');
    await within(archive).findByText('10 of 10 chosen as samples');
    const proposed = ticked(archive);
    for (const box of proposed.slice(2)) await user.click(box);
    await user.click(keepButton(archive));
    expect(within(archive).getByRole('alert')).toHaveTextContent(
      'Choose at least 3 posts as samples (you chose 2), or none to keep your samples as they are.',
    );
    for (const box of proposed.slice(0, 2)) await user.click(box);
    // Changing the choice clears the message.
    expect(within(archive).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(keepButton(archive));
    expect(within(archive).getByRole('alert')).toHaveTextContent(
      'Choose the posts to keep as samples, or keep all of them as published history.',
    );
    expect(await storedSamples(writer)).toEqual([]);
    expect(await storedPosts(writer)).toEqual([]);
  });

  it('Cancel leaves the review without keeping anything, and a file can be picked again', async () => {
    const { writer, archive, pick, user } = await openSettings();
    await pick(zip(), 'linkedin.zip');
    await user.click(await within(archive).findByRole('checkbox', { name: /as published history/ }));
    await user.click(within(archive).getByRole('button', { name: 'Cancel' }));

    expect(within(archive).queryByRole('group', { name: 'Your LinkedIn posts' })).not.toBeInTheDocument();
    expect(within(archive).getByLabelText(fileLabel)).toBeEnabled();
    expect(screen.getByLabelText('Sample 1', { exact: true })).toHaveValue('');
    expect(await storedPosts(writer)).toEqual([]);
    expect(await storedSamples(writer)).toEqual([]);

    await pick(sharesCsv, 'Shares.csv');
    expect(
      await within(archive).findByText('Found 15 posts in Shares.csv, from March 2026 to November 2026.'),
    ).toBeInTheDocument();
    // A new review: the history is asked for again.
    expect(
      within(archive).getByRole('checkbox', { name: 'Also keep all 15 posts as published history' }),
    ).not.toBeChecked();
  });

  it.each([
    [
      'a ZIP without Shares.csv',
      zipFiles({ 'Profile.csv': 'First Name\nAda\n' }),
      'linkedin.zip',
      'This ZIP has no Shares.csv, the file in which LinkedIn lists your posts.',
    ],
    [
      'a CSV with other columns',
      'First Name,Last Name,URL\nAda,Lovelace,https://x\n',
      'Connections.csv',
      "This CSV is not LinkedIn's Shares.csv: that has the columns Date and ShareCommentary, and this one has First Name, Last Name, URL.",
    ],
    [
      'a file that is not an archive',
      new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0, 0, 0]),
      'resume.pdf',
      'This file is not a LinkedIn archive.',
    ],
    [
      'an empty file',
      '',
      'Shares.csv',
      'This file is empty. Choose the ZIP file LinkedIn sent you, or the Shares.csv inside it.',
    ],
    [
      'a damaged ZIP',
      zip().subarray(0, 200),
      'linkedin.zip',
      'This ZIP file is damaged or incomplete, so it cannot be opened.',
    ],
  ])('explains %s in words, and another file can be picked', async (_, bytes, name, message) => {
    const { writer, archive, pick } = await openSettings();
    await pick(bytes, name);
    expect(await within(archive).findByRole('alert')).toHaveTextContent(message);
    expect(within(archive).getByLabelText(fileLabel)).toBeEnabled();

    await pick(zip(), 'linkedin.zip');
    expect(await within(archive).findByText(/^Found 15 posts in linkedin\.zip/)).toBeInTheDocument();
    expect(within(archive).queryByRole('alert')).not.toBeInTheDocument();
    expect(await storedPosts(writer)).toEqual([]);
  });

  it('shows a long archive a page at a time', async () => {
    const { archive, pick, user } = await openSettings();
    const rows = Array.from(
      { length: 75 },
      (_, index) =>
        [
          `2026-01-${String((index % 28) + 1).padStart(2, '0')} 10:${String(index % 60).padStart(2, '0')}:00`,
          `Post ${index}: long enough to be a voice sample, with a few words more.`,
        ] as const,
    );
    await pick(sharesWith(rows), 'Shares.csv');
    expect(
      await within(archive).findByText('Found 75 posts in Shares.csv, in January 2026.'),
    ).toBeInTheDocument();
    expect(checkboxes(archive)).toHaveLength(30);
    await user.click(within(archive).getByRole('button', { name: 'Show 30 more posts' }));
    expect(checkboxes(archive)).toHaveLength(60);
    await user.click(within(archive).getByRole('button', { name: 'Show 15 more posts' }));
    expect(checkboxes(archive)).toHaveLength(75);
    expect(within(archive).queryByRole('button', { name: /more posts?$/ })).not.toBeInTheDocument();
    expect(
      within(archive).getByRole('checkbox', { name: 'Also keep all 75 posts as published history' }),
    ).toBeInTheDocument();
  });
});
