import { ModalDialog } from './modal-dialog';
import './confirm-dialog.css';

interface Props {
  open: boolean;
  title: string;
  message: string;
  /** The button that does it ("Cancel order", "Delete"); the other one, "Keep", changes nothing. */
  confirmLabel: string;
  keepLabel?: string;
  onConfirm: () => void;
  onKeep: () => void;
}

/**
 * Asks before a step that cannot be undone (cancelling an order, deleting an address).
 * Nothing is sent until the confirm button is pressed; Keep, Escape and the backdrop close it and change
 * nothing. Focus starts on Keep (the first button), so a stray Enter does no harm.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, keepLabel = 'Keep', onConfirm, onKeep }: Props) {
  return (
    <ModalDialog open={open} onClose={onKeep} label={title} variant="center">
      <div className="confirm-dialog">
        <h2 className="confirm-dialog__title">{title}</h2>
        <p>{message}</p>
        <div className="confirm-dialog__actions">
          {/* first in the dialog, so showModal() focuses it */}
          <button type="button" className="btn btn--ghost" onClick={onKeep}>
            {keepLabel}
          </button>
          <button type="button" className="btn confirm-dialog__confirm" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
