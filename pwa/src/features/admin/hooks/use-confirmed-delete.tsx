import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { toast } from '../../../lib/ui/toast';

interface Options<T> {
  /** Deletes on the server and answers its message (shown as a toast). */
  remove: (item: T) => Promise<{ message: string }>;
  /** After a delete: drop local copies, read the list again. */
  after: (item: T) => void | Promise<void>;
  message: string;
  confirmLabel: string;
}

/**
 * Every admin delete (categories, sub categories, products): a row's Delete asks "Permanent Delete" first
 * (docs/product.md#screens); confirming deletes, toasts the server's message and runs `after`. A refusal (409
 * "still used by …") keeps the dialog open with the server's reason on screen.
 */
export function useConfirmedDelete<T>({ remove, after, message, confirmLabel }: Options<T>): { ask: (item: T) => void; dialog: ReactNode } {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = async (item: T) => {
    const answer = await remove(item);
    await after(item);
    toast.success(answer.message);
    setDeleting(null);
  };
  const dialog =
    deleting === null ? null : (
      <ConfirmDialog
        title="Permanent Delete"
        message={message}
        confirmLabel={confirmLabel}
        keepLabel="Cancel"
        onKeep={() => setDeleting(null)}
        onConfirm={() => confirm(deleting)}
      />
    );
  return { ask: setDeleting, dialog };
}
