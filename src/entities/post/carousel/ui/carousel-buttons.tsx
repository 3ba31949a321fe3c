import { Download, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export type CarouselBusy = 'saving' | 'downloading' | 'removing' | null;

interface CarouselButtonsProps {
  editing: boolean;
  /** The post has a carousel stored (so it can be removed). */
  stored: boolean;
  busy: CarouselBusy;
  /** Why the PDF cannot be made now (a slide overflows), or null. */
  blocked: string | null;
  problem: string | null;
  onEdit: () => void;
  onSave: () => void;
  onDownload: () => void;
  onCancel: () => void;
  onRemove: () => void;
}

/** The carousel's actions under its preview: save, download, edit, cancel and remove (asked first). */
export function CarouselButtons(props: CarouselButtonsProps) {
  const { editing, stored, busy, blocked, problem } = props;
  const id = useId();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const off = busy !== null;
  const why = blocked ? `${id}-blocked` : undefined;
  return (
    <div className="space-y-2 px-4">
      {blocked && (
        <p id={`${id}-blocked`} className="text-sm font-medium text-amber-900">
          {blocked}
        </p>
      )}
      {problem && <Alert tone="danger">{problem}</Alert>}
      <div className="flex flex-wrap gap-2">
        {editing ? (
          <Button onClick={props.onSave} disabled={off || blocked !== null} aria-describedby={why}>
            {busy === 'saving' ? 'Saving carousel…' : 'Save carousel'}
          </Button>
        ) : (
          <Button variant="secondary" onClick={props.onEdit} disabled={off}>
            <Pencil aria-hidden="true" className="h-4 w-4" /> Edit carousel
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={props.onDownload}
          disabled={off || blocked !== null}
          aria-describedby={why}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {busy === 'downloading' ? 'Making the PDF…' : 'Download PDF'}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={props.onCancel} disabled={off}>
            {stored ? 'Cancel changes' : 'Cancel'}
          </Button>
        )}
        {stored && (
          <Button variant="secondary" onClick={() => setConfirmingRemove(true)} disabled={off}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {busy === 'removing' ? 'Removing…' : 'Remove carousel'}
          </Button>
        )}
      </div>
      {confirmingRemove && (
        <ConfirmDialog
          title="Remove the carousel?"
          message="Its slides and PDF are deleted from this post. The post's text stays."
          confirmLabel="Remove carousel"
          onCancel={() => setConfirmingRemove(false)}
          onConfirm={() => {
            setConfirmingRemove(false);
            props.onRemove();
          }}
        />
      )}
    </div>
  );
}
