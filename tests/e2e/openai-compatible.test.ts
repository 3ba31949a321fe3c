import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../harness/fakes/fake-providers.ts';
import { useSignedInSession } from './support/signed-in-session.ts';

// The third engine in the browser (docs/decisions/030): the server owner points the app at an
// OpenAI-compatible server (here the fake, named "Ollama"); the user picks it and a model in
// Settings, and generates, rewrites and chats through it. A model that thinks, one that cannot
// stream, one still loading, a garbled stream and a model the server no longer has all end in the
// post, or in a message that names Ollama, with nothing typed lost.

const session = useSignedInSession('Ada Lovelace', (fake) => ({
  OPENAI_COMPATIBLE_BASE_URL: `${fake.url}/openai-compatible/v1`,
  OPENAI_COMPATIBLE_LABEL: 'Ollama',
}));
const page = () => session.page;
const composer = () => page().getByRole('region', { name: 'Create New Post' });
const preview = () => page().getByRole('article', { name: 'Post preview' });
const postText = () => preview().getByRole('textbox', { name: 'Post text' }).inputValue();
const topicBox = () => page().getByLabel('What would you like to post about?');
const modelSelect = () => page().getByLabel('Model', { exact: true });
const generateButton = () => composer().getByRole('button', { name: 'Generate Post' });
const chat = () => page().getByRole('dialog', { name: 'Chat about this post' });
const ollamaRequests = () =>
  session.fake.requests.filter(
    (request) => request.provider === 'openai-compatible' && request.path.endsWith('/chat/completions'),
  );
const bodyOf = (request: RecordedRequest | undefined) =>
  (request?.body ?? {}) as { model?: unknown; stream?: unknown; messages?: { content: string }[] };

const topic = 'Saying no at work';
const post = [
  'Saying no is a skill, and I learned it late.',
  'For years I said yes to every meeting. My calendar was full and my work was thin.',
  'Now I ask one question first: what will I stop doing to make room for this?',
  'What would you say no to this week?',
].join('\n\n');
const shorter = 'Saying no is a skill. Ask what you will stop doing before you say yes.';
const thinking = 'PRIVATE PLAN: open with the lesson, then ask the reader a question at the end.';

async function openSettings() {
  await page().getByRole('button', { name: 'Account menu for Ada Lovelace' }).click();
  await page().getByRole('menuitem', { name: 'Settings' }).click();
  await page().getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
}

/** Settings → the Ollama engine and `model`, saved, then back to the dashboard. */
async function useModel(model: string) {
  await openSettings();
  await page()
    .getByRole('radio', { name: /^Ollama/ })
    .check();
  await modelSelect().selectOption(model);
  await page().getByRole('button', { name: 'Save Changes' }).click();
  await page().getByText('Settings saved successfully').waitFor();
  await page().getByRole('link', { name: 'Back to Dashboard' }).click();
  await page().getByRole('heading', { name: 'Create New Post' }).waitFor();
}

/** Generate with the topic typed, then wait until the post is written (or the run has ended). */
async function generate() {
  if ((await topicBox().inputValue()) !== topic) await topicBox().fill(topic);
  await generateButton().click();
  await composer()
    .getByRole('button', { name: 'Generating post...' })
    .waitFor({ state: 'detached', timeout: 60_000 });
}

describe('the OpenAI-compatible engine ("Ollama") in the browser', () => {
  it('is offered under its name in Settings with its server’s models, and the choice is saved', async () => {
    await openSettings();
    await page().getByRole('radio', { name: /^Groq/ }).waitFor();
    await page()
      .getByRole('radio', { name: /^Anthropic/ })
      .waitFor();
    const ollama = page().getByRole('radio', { name: /^Ollama/ });
    await ollama.check();
    expect(await modelSelect().inputValue()).toBe('llama3.2:3b');
    expect(await modelSelect().locator('option').allTextContents()).toEqual([
      'llama3.2:3b',
      'qwen3:8b',
      'deepseek-r1:7b',
      'no-stream-model',
    ]);
    await page().getByRole('button', { name: 'Refresh models' }).waitFor();
    await page().getByRole('button', { name: 'Save Changes' }).click();
    await page().getByText('Settings saved successfully').waitFor();

    await page().reload();
    await page().getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
    await expect
      .poll(() =>
        page()
          .getByRole('radio', { name: /^Ollama/ })
          .isChecked(),
      )
      .toBe(true);
    expect(await modelSelect().inputValue()).toBe('llama3.2:3b');
    await page().getByRole('link', { name: 'Back to Dashboard' }).click();
    await page().getByRole('heading', { name: 'Create New Post' }).waitFor();
  });

  it('streams a post from the chosen model into the preview, asking without Groq’s reasoning switches', async () => {
    session.fake.setScenario('openai-compatible', { text: post, tokensPerSecond: 40 });
    const before = ollamaRequests().length;
    await topicBox().fill(topic);
    await generateButton().click();
    await composer().getByRole('button', { name: 'Generating post...' }).waitFor();
    // Word by word: the card grows while the button still says it is generating.
    await expect.poll(async () => (await postText()).length).toBeGreaterThan(0);
    const early = (await postText()).length;
    await expect.poll(async () => (await postText()).length).toBeGreaterThan(early);
    await generateButton().waitFor({ timeout: 60_000 });
    expect(await postText()).toBe(post);

    expect(ollamaRequests().length - before).toBe(1);
    const request = ollamaRequests().at(-1);
    expect(bodyOf(request)).toMatchObject({ model: 'llama3.2:3b', stream: true, max_tokens: 1500 });
    expect(request?.body).not.toHaveProperty('reasoning_format');
    expect(request?.body).not.toHaveProperty('include_reasoning');
    expect(JSON.stringify(request?.body)).toContain(topic);
    // No key was set up: the server owner's server gets none.
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('rewrites the post with one click through the same model', async () => {
    session.fake.setScenario('openai-compatible', { text: shorter, tokensPerSecond: 2000 });
    const bar = page().getByRole('region', { name: 'Rewrite' });
    await bar.getByRole('button', { name: 'Shorter', exact: true }).click();
    await bar
      .getByRole('status')
      .getByText('Rewritten: Shorter. Undo available.')
      .waitFor({ timeout: 60_000 });
    expect(await postText()).toBe(shorter);
    const request = ollamaRequests().at(-1);
    expect(bodyOf(request).model).toBe('llama3.2:3b');
    expect(JSON.stringify(request?.body)).toContain('Saying no is a skill, and I learned it late.');
  });

  it('answers in the chat panel about the post', async () => {
    session.fake.setScenario('openai-compatible', {
      text: 'Open with the refusal itself: **“I said no to 40 meetings.”**',
      tokensPerSecond: 2000,
    });
    await preview().getByRole('button', { name: 'Chat about this' }).click();
    await chat().getByText('Model: llama3.2:3b').waitFor();
    await chat().getByLabel('Ask about this post...').fill('Can you give me a sharper hook?');
    await chat().getByLabel('Ask about this post...').press('Enter');
    await chat().locator('strong', { hasText: 'I said no to 40 meetings.' }).waitFor({ timeout: 60_000 });
    const request = ollamaRequests().at(-1);
    expect(bodyOf(request).model).toBe('llama3.2:3b');
    expect(JSON.stringify(request?.body)).toContain('Can you give me a sharper hook?');
    expect(JSON.stringify(request?.body)).toContain(shorter);
    await chat().getByRole('button', { name: 'Close chat' }).click();
    await chat().waitFor({ state: 'detached' });
  });

  it('says Ollama is loading the model while its first word is slow to come, then shows the post', async () => {
    session.fake.setScenario('openai-compatible', {
      text: post,
      tokensPerSecond: 2000,
      firstTokenDelayMs: 7_000,
    });
    await topicBox().fill(topic);
    await generateButton().click();
    const notice = page()
      .getByRole('status')
      .filter({ hasText: 'Ollama is loading the model… a first answer can take a minute.' });
    await notice.waitFor({ timeout: 30_000 });
    await generateButton().waitFor({ timeout: 60_000 });
    expect(await postText()).toBe(post);
    expect(await notice.count()).toBe(0);
  });

  it('keeps the words so far when the stream is garbled, with a message naming Ollama', async () => {
    // Provoked on purpose: groq-sdk logs the chunk it could not parse.
    session.browser.allowConsoleErrorsInThisTest(/Could not parse message into JSON/, /From chunk/);
    session.fake.setScenario('openai-compatible', {
      text: post,
      tokensPerSecond: 2000,
      malformedChunkAfter: 8,
    });
    await generate();
    const message = 'The connection to Ollama was interrupted before the post was finished.';
    await page().getByRole('alert').filter({ hasText: message }).first().waitFor();
    const kept = await postText();
    expect(kept.length).toBeGreaterThan(0);
    expect(post.startsWith(kept.trim())).toBe(true);
    expect(kept.trim()).not.toBe(post);
    expect(await topicBox().inputValue()).toBe(topic);
  });

  it('shows only the post from a model that thinks first (reasoning_content), saying it is thinking meanwhile', async () => {
    await useModel('qwen3:8b');
    session.fake.setScenario('openai-compatible', { text: shorter, thinking, tokensPerSecond: 12 });
    await topicBox().fill(topic);
    await generateButton().click();
    await page()
      .getByRole('status')
      .filter({ hasText: 'Ollama is thinking before it writes…' })
      .waitFor({ timeout: 30_000 });
    expect(await page().locator('body').innerText()).not.toContain('PRIVATE PLAN');
    await generateButton().waitFor({ timeout: 60_000 });
    expect(await postText()).toBe(shorter);
    expect(await page().locator('body').innerText()).not.toContain('PRIVATE PLAN');
    expect(bodyOf(ollamaRequests().at(-1)).model).toBe('qwen3:8b');
  });

  it('shows only the post from a model that thinks in <think> tags', async () => {
    await useModel('deepseek-r1:7b');
    session.fake.setScenario('openai-compatible', { text: post, thinking, tokensPerSecond: 2000 });
    await generate();
    expect(await postText()).toBe(post);
    expect(await page().locator('body').innerText()).not.toContain('PRIVATE PLAN');
  });

  it('writes the post with a model that does not stream (it answers one JSON completion)', async () => {
    await useModel('no-stream-model');
    session.fake.setScenario('openai-compatible', { text: post, tokensPerSecond: 2000 });
    await generate();
    expect(await postText()).toBe(post);
    expect(bodyOf(ollamaRequests().at(-1))).toMatchObject({ model: 'no-stream-model', stream: true });
  });

  it('says clearly when Ollama no longer has the model, keeping the topic; Settings then shows it as not listed', async () => {
    // Provoked on purpose: the browser logs the refused request.
    session.browser.allowConsoleErrorsInThisTest(/status of 400 .*\/api\/openai-compatible\//);
    // The model was removed from the server after it was chosen.
    session.fake.setScenario('openai-compatible', { text: shorter, models: ['llama3.2:3b', 'qwen3:8b'] });
    await topicBox().fill(topic);
    await generateButton().click();
    const message =
      'Ollama has no model "no-stream-model". Choose another model in Settings, or load it on the model server.';
    await page().getByRole('alert').filter({ hasText: message }).first().waitFor({ timeout: 60_000 });
    await generateButton().waitFor();
    expect(await topicBox().inputValue()).toBe(topic);
    expect(await postText()).toBe(post);

    await openSettings();
    await page().getByRole('button', { name: 'Refresh models' }).click();
    await expect
      .poll(() => modelSelect().locator('option').allTextContents(), { timeout: 30_000 })
      .toEqual(['no-stream-model (not listed now)', 'llama3.2:3b', 'qwen3:8b']);
    await page().getByRole('button', { name: 'Refresh models' }).waitFor();
    expect(await modelSelect().inputValue()).toBe('no-stream-model');
    expect(session.browser.pageErrors).toEqual([]);
  });
});
