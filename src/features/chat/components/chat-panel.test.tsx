import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultModelCatalog } from '@shared/model-catalog';
import { ChatPanel } from './chat-panel';

function renderPanel() {
  const onClose = vi.fn();
  render(
    <ChatPanel
      post={{ title: 'Remote work', content: 'Working remotely taught me three things.' }}
      engine="anthropic"
      model="claude-haiku-4-5"
      language="en-GB"
      catalog={defaultModelCatalog}
      apiBaseUrl="/api"
      onClose={onClose}
    />,
  );
  return { onClose };
}

describe('ChatPanel', () => {
  it('shows its title, the post, the model and the input', () => {
    renderPanel();
    expect(screen.getByRole('dialog', { name: 'Chat about this post' })).toBeInTheDocument();
    expect(screen.getByText('Remote work')).toBeInTheDocument();
    expect(screen.getByText('Model: Claude Haiku 4.5')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Ask about this post...')).toHaveFocus();
  });

  it('does not send an empty or whitespace question', async () => {
    renderPanel();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    const box = screen.getByLabelText('Ask about this post...');
    await userEvent.type(box, '   {Enter}');
    // Sending clears the box and adds the question to the conversation: neither happened.
    expect(box).toHaveValue('   ');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('lets Shift+Enter make a new line instead of sending', async () => {
    renderPanel();
    const box = screen.getByLabelText('Ask about this post...');
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
  });

  it('closes', async () => {
    const { onClose } = renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
