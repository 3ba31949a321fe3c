import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { isConnectionMessage } from '../auth-messages';

interface ErrorScreenProps {
  message: string;
  onRetry: () => void;
  onSignOutRestart: () => void;
  retrying?: boolean;
  /** Shown over the app (which stays mounted underneath, so nothing typed is lost). */
  overlay?: boolean;
}

/** docs/product.md §2 error screen: "Error", the message, "Try Again", "Sign Out & Restart", tips for connection errors. */
export function ErrorScreen({
  message,
  onRetry,
  onSignOutRestart,
  retrying = false,
  overlay = false,
}: ErrorScreenProps) {
  const body = (
    <>
      {isConnectionMessage(message) && (
        <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
          <p className="font-medium text-slate-700">Troubleshooting tips</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Check that you are connected to the internet.</li>
            <li>If you run the app yourself, make sure its server (npm start) is running.</li>
            <li>Wait a few seconds, then press Try Again. Nothing you typed is lost.</li>
          </ul>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying...' : 'Try Again'}
        </Button>
        <Button variant="secondary" onClick={onSignOutRestart}>
          Sign Out &amp; Restart
        </Button>
      </div>
    </>
  );
  if (overlay) {
    // Over the app: the app's modal dialog, so focus and Tab stay on the choices until one is made
    // (Escape does not dismiss it: without a connection there is nothing behind it to go back to).
    return (
      <Dialog role="alertdialog" onClose={() => {}} className="max-w-md border border-red-200 p-8">
        <DialogTitle className="text-xl text-red-700">Error</DialogTitle>
        <DialogDescription className="mt-2 text-slate-700">{message}</DialogDescription>
        {body}
      </Dialog>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <ErrorPanel message={message}>{body}</ErrorPanel>
    </main>
  );
}

/** The whole-page error: the page's heading is "Error", read out with the message. */
function ErrorPanel({ message, children }: { message: string; children: ReactNode }) {
  const titleId = useId();
  const messageId = useId();
  return (
    <section
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      className="w-full max-w-md rounded-2xl border border-red-200 bg-white p-8 shadow-lg"
    >
      <h1 id={titleId} className="text-xl font-semibold text-red-700">
        Error
      </h1>
      <p id={messageId} className="mt-2 text-slate-700">
        {message}
      </p>
      {children}
    </section>
  );
}
