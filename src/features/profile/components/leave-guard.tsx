import { useCallback, useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface LeaveGuardProps {
  /** What has unsaved changes, in words ("your profile"), or null when everything is saved. */
  unsaved: string | null;
  /** What the question says instead of "Your changes to {unsaved} are not saved. …". */
  message?: string;
}

/**
 * Unsaved changes are never lost without a word (docs/product.md §11.3): closing or reloading the
 * tab brings up the browser's own "Leave site?" prompt, and leaving the page inside the app (the
 * sidebar, the user menu, "Back to Dashboard", the mobile navigation) asks "Leave without saving?"
 * first. The in-app question needs a data router (the app's, src/app/app.tsx): under a plain
 * <MemoryRouter>, as some component tests render pages, only the browser prompt is there.
 */
export function LeaveGuard({ unsaved, message }: LeaveGuardProps) {
  useWarnBeforeUnload(unsaved !== null);
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  return inDataRouter ? <AskBeforeLeaving unsaved={unsaved} message={message} /> : null;
}

function AskBeforeLeaving({ unsaved, message }: LeaveGuardProps) {
  // Only a move to another page: a new query or hash on this one keeps it (and what was typed).
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsaved !== null && currentLocation.pathname !== nextLocation.pathname,
    [unsaved],
  );
  const blocker = useBlocker(shouldBlock);
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Leave without saving?"
      message={
        message ?? `Your changes to ${unsaved ?? 'this page'} are not saved. If you leave now, they are lost.`
      }
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}

/**
 * The browser's own prompt on closing or reloading the tab, while `when` holds. The listener is
 * there only then: a page that always listens to beforeunload can lose the back-forward cache.
 */
function useWarnBeforeUnload(when: boolean) {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set (its text is never shown).
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
}
