import { useRef } from 'react';
import { Button } from './button';
import { Dialog, DialogDescription, DialogTitle } from './dialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** The safe choice, focused first ("Cancel" unless the question needs other words). */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A small modal question (role alertdialog): Escape or Cancel dismisses it. Focus starts on Cancel,
 * so a stray Enter does not confirm.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog role="alertdialog" onClose={onCancel} initialFocus={cancel} className="max-w-sm p-6">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className="mt-2 text-sm text-slate-600">{message}</DialogDescription>
      <div className="mt-6 flex justify-end gap-3">
        <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
