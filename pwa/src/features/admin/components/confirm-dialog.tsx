import { useState } from 'react';
import { AdminDialog } from './admin-dialog';

interface Props {
  message: string;
  /** 'Confirm' on the category screens, 'Delete' on Admin Products (docs/product.md#screens). */
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Every admin delete asks here first (docs/product.md#screens, "Permanent Delete"). On failure it stays open: the
 * server's reason (e.g. 409 "still used by …") is already on screen as a toast.
 */
export function ConfirmDialog({ message, confirmLabel, onConfirm, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // the server's message is on screen
    } finally {
      setBusy(false);
    }
  };
  return (
    <AdminDialog title="Permanent Delete" onClose={onCancel} variant="small">
      <p>{message}</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </AdminDialog>
  );
}
