import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import sharesCsv from '../../../../tests/fixtures/linkedin-archive/Shares.csv?raw';
import { linkedInArchive, zipFiles } from '../../../../tests/fixtures/linkedin-archive/build-archive.ts';
import { storeSession } from '../../../../tests/helpers/stored-session.ts';
import { initSupabase } from '@/lib/supabase/client';
import { VoiceSection } from '../components/voice-section';
import { useProfileStore } from '../profile-store';
import { useVoiceEditor } from '../use-voice-editor';

// "Import from your LinkedIn archive" inside Settings' "Your voice", with the real voice editor and
// stores; only the REST API is answered here. The file is read on the page (jsdom has no Worker),
// by the same code the worker runs.

const origin = 'http://localhost';
const userId = '7c2e0a63-4b5d-4e9f-8a11-2b3c4d5e6f70';

let historyRows: { content: string; is_published: boolean; created_at: string }[] = [];
let samplesSent: string[] = [];
let profileSent: Record<string, unknown> | null = null;
let historyFails = false;

const network = setupServer(
  http.post(`${origin}/rest/v1/posts`, async ({ request }) => {
    if (historyFails) return HttpResponse.error();
    const rows = (await request.json()) as ((typeof historyRows)[number] & { id: string })[];
    historyRows.push(...rows);
    return HttpResponse.json(
      rows.map((row) => ({ id: row.id })),
      { status: 201 },
    );
  }),
  http.get(`${origin}/rest/v1/voice_samples`, () => HttpResponse.json([])),
  http.post(`${origin}/rest/v1/voice_samples`, async ({ request }) => {
    const rows = (await request.json()) as { content: string; created_at: string }[];
    samplesSent = rows.map((row) => row.content);
    return HttpResponse.json(
      rows.map((row, index) => ({
        ...row,
        id: `00000000-0000-4000-8000-00000000000${index}`,
        user_id: userId,
      })),
      { status: 201 },
    );
  }),
  http.post(`${origin}/rest/v1/profiles`, async ({ request }) => {
    profileSent = (await request.json()) as Record<string, unknown>;
    const nullable = {
      language_preference: null,
      emoji_level: null,
      list_style: null,
      paragraph_style: null,
    };
    return HttpResponse.json(
      { ai_engine: 'groq', ...nullable, dash_style: null, ...profileSent },
      { status: 201 },
    );
  }),
);

beforeAll(() => {
  network.listen({ onUnhandledRequest: 'error' });
  storeSession(userId, 'ada@example.com');
  initSupabase(origin, 'anon-key');
});
afterAll(() => network.close());
beforeEach(() => {
  useProfileStore.getState().reset();
  historyRows = [];
  samplesSent = [];
  profileSent = null;
  historyFails = false;
});

function Settings() {
  return <VoiceSection editor={useVoiceEditor()} />;
}

async function pickFile(bytes: Uint8Array | string, name: string) {
  // A file picker's filter is a suggestion: the author can pick any file.
  const user = userEvent.setup({ applyAccept: false });
  render(<Settings />);
  const archive = screen.getByRole('region', { name: 'Import from your LinkedIn archive' });
  await user.upload(
    within(archive).getByLabelText('LinkedIn archive (ZIP or Shares.csv)'),
    new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name),
  );
  return { user, archive };
}

const checkboxes = (archive: HTMLElement) =>
  within(within(archive).getByRole('group', { name: 'Your LinkedIn posts' })).getAllByRole('checkbox');

describe('LinkedInArchiveImport', () => {
  it('shows the posts of the picked ZIP, the ten proposed samples ticked, and what was skipped', async () => {
    const { archive } = await pickFile(linkedInArchive(sharesCsv), 'linkedin.zip');
    await within(archive).findByText('Found 15 posts in linkedin.zip, from March 2026 to November 2026.');
    within(archive).getByText('2 reshares without a comment of your own were skipped.');
    within(archive).getByText('10 of 10 chosen as samples');
    const boxes = checkboxes(archive);
    expect(boxes).toHaveLength(15);
    expect(boxes.filter((box) => (box as HTMLInputElement).checked)).toHaveLength(10);
    const short = within(archive).getByRole('checkbox', { name: /Thrilled to share!/ });
    expect(short).toBeDisabled();
    expect(short).toHaveAccessibleName(
      expect.stringContaining('Too short to be a sample: 18 characters (at least 40).'),
    );
    // Ten are chosen: another cannot be added until one is taken away.
    const unticked = boxes.find(
      (box) => !(box as HTMLInputElement).checked && !(box as HTMLInputElement).disabled,
    );
    expect(unticked).toBeUndefined();
  });

  it('keeps the chosen posts as samples through the voice editor, and all posts as published history', async () => {
    const { user, archive } = await pickFile(linkedInArchive(sharesCsv), 'linkedin.zip');
    await within(archive).findByText('10 of 10 chosen as samples');
    await user.click(within(archive).getByRole('checkbox', { name: /Nothing ships after 3 pm/ }));
    within(archive).getByText('9 of 10 chosen as samples');
    await user.click(
      within(archive).getByRole('checkbox', { name: 'Also keep all 15 posts as published history' }),
    );
    await user.click(within(archive).getByRole('button', { name: 'Keep these posts' }));

    await within(archive).findByText(
      'Kept 15 posts as published history: they are in Saved Posts and on the calendar on the day you posted them.',
    );
    within(archive).getByText(
      'Your 9 chosen posts are now your samples below, and your voice was learned from them.',
    );
    await screen.findByText('Your voice is saved.');
    expect(historyRows).toHaveLength(15);
    expect(historyRows.every((row) => row.is_published)).toBe(true);
    expect(historyRows.map((row) => row.created_at)).toContain('2026-11-03T12:15:00.000Z');
    expect(samplesSent).toHaveLength(9);
    expect(samplesSent).not.toContain(expect.stringContaining('Nothing ships after 3 pm'));
    expect(samplesSent[0]).toMatch(/^Three things I learned/);
    // The voice profile is learned from the kept samples, as "Learn my voice" does.
    expect(profileSent?.voice_profile).toMatchObject({ length: expect.stringMatching(/words/) });
    expect(screen.getByLabelText('Sample 9', { exact: true })).toHaveValue(samplesSent[8]);
    expect(screen.queryByLabelText('Sample 10', { exact: true })).toBeNull();
  });

  it('keeps nothing when the history cannot be saved, and says why', async () => {
    historyFails = true;
    const { user, archive } = await pickFile(linkedInArchive(sharesCsv), 'linkedin.zip');
    await user.click(await within(archive).findByRole('checkbox', { name: /as published history/ }));
    await user.click(within(archive).getByRole('button', { name: 'Keep these posts' }));
    expect(await within(archive).findByRole('alert')).toHaveTextContent(
      'Your posts were not kept: Unable to connect to the database. Please check your internet connection and try again.',
    );
    expect(samplesSent).toEqual([]);
    expect(screen.getByLabelText('Sample 1', { exact: true })).toHaveValue('');
    // Still there to try again.
    expect(within(archive).getByRole('button', { name: 'Keep these posts' })).toBeEnabled();
  });

  it('asks for at least three samples, or none', async () => {
    const { user, archive } = await pickFile(sharesCsv, 'Shares.csv');
    await within(archive).findByText('10 of 10 chosen as samples');
    const ticked = checkboxes(archive).filter((box) => (box as HTMLInputElement).checked);
    for (const box of ticked.slice(2)) await user.click(box);
    await user.click(within(archive).getByRole('button', { name: 'Keep these posts' }));
    expect(within(archive).getByRole('alert')).toHaveTextContent(
      'Choose at least 3 posts as samples (you chose 2), or none to keep your samples as they are.',
    );
    for (const box of ticked.slice(0, 2)) await user.click(box);
    await user.click(within(archive).getByRole('button', { name: 'Keep these posts' }));
    expect(within(archive).getByRole('alert')).toHaveTextContent(
      'Choose the posts to keep as samples, or keep all of them as published history.',
    );
    expect(samplesSent).toEqual([]);
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
  ])('explains %s in words, and another file can be picked', async (_, bytes, name, message) => {
    const { archive } = await pickFile(bytes, name);
    expect(await within(archive).findByRole('alert')).toHaveTextContent(message);
    expect(within(archive).getByLabelText('LinkedIn archive (ZIP or Shares.csv)')).toBeEnabled();
  });

  it('shows a long archive a page at a time', async () => {
    const rows = Array.from(
      { length: 75 },
      (_, index) =>
        `2026-01-${String((index % 28) + 1).padStart(2, '0')} 10:${String(index % 60).padStart(2, '0')}:00,https://l/${index},"Post ${index}: long enough to be a voice sample, with a few words more.",,,PUBLIC`,
    );
    const { user, archive } = await pickFile(
      `Date,ShareLink,ShareCommentary,SharedUrl,MediaUrl,Visibility\n${rows.join('\n')}\n`,
      'Shares.csv',
    );
    await within(archive).findByText(/Found 75 posts/);
    expect(checkboxes(archive)).toHaveLength(30);
    await user.click(within(archive).getByRole('button', { name: 'Show 30 more posts' }));
    await user.click(within(archive).getByRole('button', { name: 'Show 15 more posts' }));
    expect(checkboxes(archive)).toHaveLength(75);
    expect(within(archive).queryByRole('button', { name: /more posts?$/ })).toBeNull();
  });
});
