import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { messages } from '@/config/messages';
import { useCopyToClipboard } from '@/lib/clipboard/use-copy-to-clipboard';
import { toast } from '@/lib/toast/toast';

interface DueReminderProps {
  text: string;
  /** Rejects with the reason in the user's words. */
  onMarkPublished: () => Promise<unknown>;
}

/** A planned post whose time has come while LinkedIn is not connected: the author posts it by hand. */
export function DueReminder({ text, onMarkPublished }: DueReminderProps) {
  const { copied, copy } = useCopyToClipboard();
  const [marking, setMarking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function markPublished() {
    setMarking(true);
    setError(null);
    try {
      await onMarkPublished();
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'Could not update the post');
    } finally {
      setMarking(false);
    }
  }

  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>
        It&apos;s time to post this. LinkedIn isn&apos;t connected, so copy the text and post it yourself.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void copy(text).then((done) => done || toast.error(messages.copy_failed))}
        >
          {copied ? (
            <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          {copied ? 'Copied!' : 'Copy text'}
        </Button>
        <Button variant="secondary" onClick={() => void markPublished()} disabled={marking}>
          Mark as published
        </Button>
      </div>
      {error && (
        <Alert tone="danger" className="mt-2">
          {error}
        </Alert>
      )}
    </div>
  );
}
