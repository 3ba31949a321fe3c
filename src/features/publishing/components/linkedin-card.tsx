import { useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format/plan-dates';
import type { LinkedInStatus } from '@/entities/post/publishing/linkedin-api';
import { useLinkedInStore } from '../linkedin-store';

interface LinkedInCardProps {
  apiBaseUrl: string;
}

/** The Settings card "LinkedIn": connect, reconnect or disconnect the account posts are published to. */
export function LinkedInCard({ apiBaseUrl }: LinkedInCardProps) {
  const id = useId();
  const status = useLinkedInStore((state) => state.status);
  const loading = useLinkedInStore((state) => state.loading);
  const error = useLinkedInStore((state) => state.error);
  const load = useLinkedInStore((state) => state.load);

  useEffect(() => {
    void load(apiBaseUrl);
  }, [apiBaseUrl, load]);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-medium text-slate-800">
        LinkedIn
      </h2>
      {status ? (
        <LinkedInState status={status} apiBaseUrl={apiBaseUrl} />
      ) : loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" /> Checking your LinkedIn connection...
        </p>
      ) : null}
      {error && (
        <Alert tone="danger">
          {error}
          {!status && (
            <>
              {' '}
              <button type="button" className="font-medium underline" onClick={() => void load(apiBaseUrl)}>
                Try again
              </button>
            </>
          )}
        </Alert>
      )}
    </section>
  );
}

function LinkedInState({ status, apiBaseUrl }: { status: LinkedInStatus; apiBaseUrl: string }) {
  const connect = useLinkedInStore((state) => state.connect);
  const disconnect = useLinkedInStore((state) => state.disconnect);
  const [busy, setBusy] = useState<'connect' | 'disconnect' | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(action: 'connect' | 'disconnect') {
    setBusy(action);
    try {
      await (action === 'connect' ? connect(apiBaseUrl) : disconnect(apiBaseUrl));
      // After a connect the browser is on its way to LinkedIn: the button stays busy until it has left.
      if (action === 'disconnect') setBusy(null);
    } catch {
      // The store keeps the message and the card shows it.
      setBusy(null);
    }
    setConfirming(false);
  }

  if (!status.configured) {
    return (
      <div className="space-y-1 text-sm text-slate-600">
        <p>Publishing to LinkedIn isn&apos;t set up on this server yet.</p>
        <p>The server owner sets {status.missing.join(', ')} (see the README).</p>
      </div>
    );
  }

  const connection = status.connection;
  const connectButton = (label: string) => (
    <Button onClick={() => void run('connect')} disabled={busy !== null}>
      {busy === 'connect' ? 'Opening LinkedIn...' : label}
    </Button>
  );

  if (!connection) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          Connect your LinkedIn account to publish posts from here, now or at their planned time.
        </p>
        {connectButton('Connect LinkedIn')}
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="text-sm text-slate-700">
        <p className="font-medium">Connected as {connection.name}</p>
        {!connection.needsReconnect && (
          <p className="text-slate-600">
            LinkedIn keeps you signed in until {formatDay(new Date(connection.expiresAt))}.
          </p>
        )}
      </div>
      {connection.needsReconnect && (
        <Alert tone="warning">LinkedIn signed you out of this app. Reconnect to keep publishing.</Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {connection.needsReconnect && connectButton('Reconnect LinkedIn')}
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy !== null}>
          Disconnect
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Disconnect LinkedIn?"
          message="Planned posts stay planned; you will get a reminder instead."
          confirmLabel="Disconnect"
          busy={busy === 'disconnect'}
          onConfirm={() => void run('disconnect')}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
