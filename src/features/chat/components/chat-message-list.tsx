import { format } from 'date-fns';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { splitReply } from '../suggested-posts';

const Markdown = lazy(() => import('@/lib/markdown/markdown'));

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  timestamp: Date;
}

/**
 * The conversation, newest at the bottom; assistant replies are rendered as (safe) markdown, and a
 * version of the post they suggest can be applied to the post with one click.
 */
export function ChatMessageList({
  messages,
  pending,
  waiting = '',
  onApply,
}: {
  messages: ChatMessage[];
  pending: boolean;
  /** Said instead of "Thinking..." while the engine has not begun (a model still loading). */
  waiting?: string;
  /** Puts a suggested version into the post; without it suggestions are only shown. */
  onApply?: ((text: string) => void) | undefined;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  return (
    <div
      role="log"
      aria-label="Conversation"
      aria-live="polite"
      className="flex-1 space-y-3 overflow-y-auto px-4 py-3"
    >
      {messages.length === 0 && !pending && (
        <p className="text-sm text-slate-500">
          Ask for a sharper hook, a shorter version, hashtags, or what readers might ask.
        </p>
      )}
      {messages.map((message) => (
        <div
          key={message.id}
          className={`flex flex-col ${message.role === 'user' ? 'items-end' : 'items-start'}`}
        >
          <div
            className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${message.role === 'user' ? 'bg-brand-500 text-white' : 'bg-slate-100 text-slate-900'}`}
          >
            {message.role === 'assistant' ? (
              <AssistantReply content={message.content} onApply={onApply} />
            ) : (
              <p className="whitespace-pre-wrap break-words">{message.content}</p>
            )}
          </div>
          <time dateTime={message.timestamp.toISOString()} className="mt-1 text-[11px] text-slate-400">
            {format(message.timestamp, 'p')}
          </time>
        </div>
      ))}
      {pending && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="h-4 w-4" /> {waiting || 'Thinking...'}
        </p>
      )}
      <div ref={end} />
    </div>
  );
}

function AssistantReply({
  content,
  onApply,
}: {
  content: string;
  onApply?: ((text: string) => void) | undefined;
}) {
  return (
    <div className="space-y-2">
      {splitReply(content).map((part, index) =>
        part.kind === 'text' ? (
          <Suspense key={index} fallback={<p className="whitespace-pre-wrap">{part.text}</p>}>
            <Markdown>{part.text}</Markdown>
          </Suspense>
        ) : (
          <figure key={index} className="rounded-lg border border-slate-200 bg-white p-2">
            <figcaption className="text-xs font-medium text-slate-500">Suggested version</figcaption>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{part.text}</p>
            {onApply && (
              <button
                type="button"
                onClick={() => onApply(part.text)}
                className="mt-2 rounded-md border border-brand-200 px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
              >
                Apply to post
              </button>
            )}
          </figure>
        ),
      )}
    </div>
  );
}
