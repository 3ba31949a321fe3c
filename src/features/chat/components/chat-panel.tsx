import { SendHorizontal } from 'lucide-react';
import { CloseButton } from '@/components/ui/close-button';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { findModel, type AiEngine, type ModelCatalog } from '@shared/model-catalog';
import type { LanguagePreference } from '@/config/profile-options';
import { currentAccessToken } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import { askAboutPost } from '../ask-about-post';
import type { ChatPost } from '../chat-store';
import { ChatMessageList, type ChatMessage } from './chat-message-list';
import { messages as userMessages } from '@/config/messages';

interface ChatPanelProps {
  post: ChatPost;
  engine: AiEngine;
  model: string;
  language: LanguagePreference;
  /** Null while the AI service's catalog is loading or out of reach: the panel cannot answer then. */
  catalog: ModelCatalog | null;
  apiBaseUrl: string;
  onClose: () => void;
}

export const chatFailedMessage = 'Failed to get AI response. Please try again.';
export const chatUnavailableMessage =
  "The AI service can't be reached right now, so the chat can't answer. Your question stays here until it is back.";

/** The floating chat about one post (docs/product.md §2 "Chat panel"); its history lasts as long as the panel. */
export function ChatPanel({ post, engine, model, language, catalog, apiBaseUrl, onClose }: ChatPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const [waiting, setWaiting] = useState('');
  const nextId = useRef(1);
  const controller = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const modelLabel = (catalog && modelLabelIn(catalog, engine, model)) || model;

  useEffect(() => {
    inputRef.current?.focus();
    return () => controller.current?.abort();
  }, []);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const question = input.trim();
    if (question === '' || pending || !catalog) return;
    const history = messages.map(({ role, content }) => ({ role, content }));
    const mine: ChatMessage = {
      id: nextId.current++,
      role: 'user',
      content: question,
      timestamp: new Date(),
    };
    setMessages((current) => [...current, mine]);
    setInput('');
    setPending(true);
    controller.current = new AbortController();
    try {
      const accessToken = await currentAccessToken();
      if (!accessToken) throw new Error(userMessages.session_expired);
      const reply = await askAboutPost(
        { question, post: { title: post.title, content: post.content }, history, engine, model, language },
        { catalog, apiBaseUrl, accessToken, signal: controller.current.signal, onWaiting: setWaiting },
      );
      setMessages((current) => [
        ...current,
        { id: nextId.current++, role: 'assistant', content: reply, timestamp: new Date() },
      ]);
    } catch (error) {
      if (controller.current?.signal.aborted) return;
      console.error('Post chat failed', error);
      toast.error(chatFailedMessage);
      // Nothing typed is lost: the question goes back into the box for another try.
      setMessages((current) => current.filter((message) => message.id !== mine.id));
      setInput((current) => (current === '' ? question : current));
    } finally {
      setWaiting('');
      setPending(false);
    }
  }

  return (
    <section
      role="dialog"
      aria-label="Chat about this post"
      className="fixed right-4 bottom-4 z-40 flex h-[600px] max-h-[calc(100vh-2rem)] w-[400px] max-w-[calc(100vw-2rem)] flex-col rounded-2xl border border-slate-200 bg-white shadow-2xl"
    >
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">Chat about this post</h2>
          <p className="truncate text-xs text-slate-500" title={post.title}>
            {post.title}
          </p>
          <p className="text-xs text-slate-500">Model: {modelLabel}</p>
        </div>
        <CloseButton label="Close chat" size="sm" onClick={onClose} />
      </header>
      <ChatMessageList
        messages={messages}
        pending={pending}
        waiting={waiting}
        onApply={
          post.apply &&
          ((text) => {
            post.apply?.(text);
            toast.success('Applied to your post. Undo takes it back.');
          })
        }
      />
      {!catalog && (
        <p role="status" className="border-t border-slate-100 px-4 py-2 text-xs text-amber-800">
          {chatUnavailableMessage}
        </p>
      )}
      <form
        onSubmit={(event) => void send(event)}
        className="flex items-end gap-2 border-t border-slate-100 p-3"
      >
        <label htmlFor="chat-input" className="sr-only">
          Ask about this post...
        </label>
        <textarea
          id="chat-input"
          ref={inputRef}
          rows={2}
          value={input}
          placeholder="Ask about this post..."
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          className="block flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
        />
        <button
          type="submit"
          aria-label="Send message"
          disabled={pending || !catalog || input.trim() === ''}
          className="rounded-lg bg-brand-500 p-2.5 text-white hover:bg-brand-600 disabled:bg-slate-300"
        >
          <SendHorizontal aria-hidden="true" className="h-4 w-4" />
        </button>
      </form>
    </section>
  );
}

/**
 * The model's name in the engine's own list; another engine's entry only for Groq and Anthropic (a
 * profile from before the catalog), since the OpenAI-compatible engine's ids may be another's.
 */
function modelLabelIn(catalog: ModelCatalog, engine: AiEngine, model: string): string | undefined {
  const own = catalog.engines[engine].models.find((entry) => entry.id === model);
  if (own || engine === 'openai-compatible') return own?.label;
  return findModel(catalog, model)?.label;
}
