import { CloudOff, Loader2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { saveMessages, type SaveState } from '../document/save-state';

/**
 * Where the autosave stands, under the author's name: "Saving...", "Saved", or what went wrong in
 * a few words. Said in a live region, so a screen reader hears a failure once.
 */
export function SaveStatusLine({ save, dirty }: { save: SaveState; dirty: boolean }) {
  let text: string;
  let icon = null;
  switch (save.status) {
    case 'saving':
      text = 'Saving...';
      icon = <Loader2 aria-hidden="true" className="h-3 w-3 animate-spin" />;
      break;
    case 'saved':
      text = dirty ? 'Draft' : 'Saved';
      break;
    case 'retrying':
    case 'signed-out':
      text = 'Not saved yet: kept in this browser';
      icon = <CloudOff aria-hidden="true" className="h-3 w-3" />;
      break;
    case 'refused':
      text = 'Not saved';
      icon = <CloudOff aria-hidden="true" className="h-3 w-3" />;
      break;
    case 'conflict':
    case 'deleted':
      text = 'Not saved: see above';
      break;
    default:
      text = dirty ? 'Draft' : '';
  }
  return (
    <p role="status" className="flex items-center gap-1">
      {icon}
      {text}
    </p>
  );
}

interface SaveProblemProps {
  save: SaveState;
  onKeepMine: () => void;
  onUseStored: () => void;
  onKeepAsNew: () => void;
  onStartOver: () => void;
}

/** What the author must decide or know about a save, above the post, with the ways forward. */
export function SaveProblem({ save, onKeepMine, onUseStored, onKeepAsNew, onStartOver }: SaveProblemProps) {
  switch (save.status) {
    case 'retrying':
    case 'signed-out':
    case 'refused':
      return <Alert tone="warning">{save.message}</Alert>;
    case 'conflict':
      return (
        <Alert tone="warning">
          <p>{saveMessages.conflict}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" className="px-3 py-1.5" onClick={onKeepMine}>
              Keep mine
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={onUseStored}>
              Use the other version
            </Button>
          </div>
        </Alert>
      );
    case 'deleted':
      return (
        <Alert tone="warning">
          <p>{saveMessages.deleted}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" className="px-3 py-1.5" onClick={onKeepAsNew}>
              Keep it as a new draft
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={onStartOver}>
              Start a new post
            </Button>
          </div>
        </Alert>
      );
    default:
      return null;
  }
}
