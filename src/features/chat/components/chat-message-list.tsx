import { format } from 'date-fns';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';

const Markdown = lazy(() => import('@/lib/markdown/markdown'));

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  timestamp: Date;
}

/** The conversation, newest at the bottom; assistant replies are rendered as (safe) markdown. */
export function ChatMessageList({ messages, pending }: { messages: ChatMessage[]; pending: boolean }) {
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
              <Suspense fallback={<p className="whitespace-pre-wrap">{message.content}</p>}>
                <Markdown>{message.content}</Markdown>
              </Suspense>
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
          <Spinner className="h-4 w-4" /> Thinking...
        </p>
      )}
      <div ref={end} />
    </div>
  );
}
