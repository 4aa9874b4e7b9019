import type { ReactNode } from 'react';
import { useServerWrite } from '../query/server-write';
import { ModalDialog } from './modal-dialog';
import './confirm-dialog.css';

interface Props {
  /** Shown while true; left out, it shows for as long as it is rendered. */
  open?: boolean;
  title: string;
  message: string;
  /** The button that does it ("Cancel order", "Delete", "Confirm"); the other one changes nothing. */
  confirmLabel: string;
  /** "Keep" by default; the admin's deletes say "Cancel" (docs/product.md#screens, "Permanent Delete"). */
  keepLabel?: string;
  /** May answer a promise: the button waits for it; a failure keeps the dialog open (the server's reason is on screen). */
  onConfirm: () => unknown;
  onKeep: () => void;
  confirmTestId?: string;
  /** Fields the step asks for, under the message (a refund's reference); Enter in one confirms. */
  children?: ReactNode;
}

/** Asks before a step that cannot be undone; focus starts on Keep, so a stray Enter does no harm. */
export function ConfirmDialog({ open, title, message, confirmLabel, keepLabel = 'Keep', onConfirm, onKeep, confirmTestId, children }: Props) {
  // The step is a write of the caller's: its promise, if it answers one, is the confirm button's busy state (a failure keeps
  // the dialog open, the server's reason on screen).
  const confirming = useServerWrite({ mutationFn: (step: Promise<unknown>) => step });
  const busy = confirming.isPending;
  const confirm = () => {
    const done = onConfirm();
    if (done instanceof Promise) confirming.mutate(done);
  };
  return (
    <ModalDialog open={open} onClose={onKeep} label={title} variant="center">
      <form
        className="confirm-dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <h2 className="confirm-dialog__title">{title}</h2>
        <p>{message}</p>
        {children}
        <div className="confirm-dialog__actions">
          {/* first in the dialog, so showModal() focuses it */}
          <button type="button" className="btn btn--ghost" onClick={onKeep}>
            {keepLabel}
          </button>
          <button type="submit" className="btn confirm-dialog__confirm" disabled={busy} data-testid={confirmTestId}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
