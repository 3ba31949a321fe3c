import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadingNoticeMs } from '@/lib/ai/groq-completion';
import { initSupabase } from '@/lib/supabase/client';
import { ChatPanel } from './chat-panel';
import { storeSession } from '../../../../tests/helpers/stored-session.ts';
import { ollamaCatalog } from '../../../../tests/helpers/compatible-catalog.ts';
import { gate } from '../../../../tests/helpers/event-stream-reply.ts';

// The post chat on the OpenAI-compatible engine ("Ollama"), through the real panel, complete() and
// groq-sdk against a fake /api/openai-compatible route (MSW): a model still loading says so where
// the panel would say "Thinking...".

const route = 'http://localhost/api/openai-compatible/openai/v1/chat/completions';
const network = setupServer();

const catalog = ollamaCatalog(['llama3.2:3b', 'openai/gpt-oss-120b']);

function renderPanel(model = 'llama3.2:3b') {
  render(
    <ChatPanel
      post={{ title: 'Saying no', content: 'No is a full sentence.' }}
      engine="openai-compatible"
      model={model}
      language="en-GB"
      catalog={catalog}
      apiBaseUrl="/api"
      onClose={() => {}}
    />,
  );
}

beforeAll(() => {
  network.listen({ onUnhandledRequest: 'error' });
  initSupabase('http://localhost', 'anon-key');
});
afterAll(() => network.close());
beforeEach(() => storeSession('user-a', 'ada@example.com'));
afterEach(() => {
  vi.useRealTimers();
  network.resetHandlers();
});

describe('ChatPanel on the OpenAI-compatible engine', () => {
  it('says the model is loading instead of “Thinking...” after 4 s, then shows the reply', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const head = gate();
    const sent: unknown[] = [];
    network.use(
      http.post(route, async ({ request }) => {
        sent.push(await request.json());
        await head.promise;
        return HttpResponse.json({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 0,
          model: 'llama3.2:3b',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Open with the refusal.' },
              finish_reason: 'stop',
            },
          ],
        });
      }),
    );
    renderPanel();
    fireEvent.change(screen.getByLabelText('Ask about this post...'), {
      target: { value: 'A sharper hook?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    // No findBy* under fake timers: Testing Library's async helpers wait on a setTimeout.
    expect(screen.getByRole('status')).toHaveTextContent('Thinking...');
    await act(() => vi.advanceTimersByTimeAsync(loadingNoticeMs));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ollama is loading the model… a first answer can take a minute.',
    );
    head.open();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Open with the refusal.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ model: 'llama3.2:3b', stream: false })]);
  });

  it('names the model by the engine’s own list, even where its id is also a Groq model’s', () => {
    renderPanel('openai/gpt-oss-120b');
    expect(screen.getByText('Model: openai/gpt-oss-120b')).toBeInTheDocument();
  });

  it('names a model its server does not list right now by its id', () => {
    renderPanel('mistral:7b');
    expect(screen.getByText('Model: mistral:7b')).toBeInTheDocument();
  });
});
