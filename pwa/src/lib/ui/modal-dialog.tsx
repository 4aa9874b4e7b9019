import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal-dialog.css';

interface Props {
  /** Shown while true; left out, the dialog shows for as long as it is rendered. */
  open?: boolean;
  onClose: () => void;
  /** The dialog's accessible name; with `heading` also its visible title. */
  label: string;
  /** Shows `label` as the dialog's heading (the admin's forms and confirmations). */
  heading?: boolean;
  /** 'sheet' from the bottom; 'side' a panel on the right; 'center' a classic modal; 'form', 'small' padded; 'viewer' full screen. */
  variant: 'sheet' | 'side' | 'center' | 'form' | 'small' | 'viewer';
  testId?: string;
  children: ReactNode;
}

/** Every modal in the app, on the browser's own <dialog>: focus in and back, the page inert (docs/decisions/0210-dialogs-are-native-modal-dialogs.md). */
export function ModalDialog({ open = true, onClose, label, heading = false, variant, testId, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Rendered only while open: unmounting closes it and gives focus back to its opener; first of the effects, to see
  // the opener before showModal() moves focus in.
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    return () => {
      const wasOpen = dialog?.open === true;
      dialog?.close?.();
      if (wasOpen && opener instanceof HTMLElement && opener !== document.body && opener.isConnected && !dialog.contains(opener)) opener.focus();
    };
  }, []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A field asked to take the focus (data-autofocus) takes it once the dialog is open: React's autoFocus runs while it
    // is still closed, and showModal() would give the focus to the first focusable thing, a body tall enough to scroll.
    if (open && !dialog.open) {
      dialog.showModal?.();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the backdrop (the <dialog> itself) closes it; Escape does from the keyboard (native cancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the key equivalent is the native cancel
    <dialog
      ref={ref}
      className={`modal-dialog modal-dialog--${variant}`}
      data-testid={testId}
      aria-label={heading ? undefined : label}
      aria-labelledby={heading ? titleId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="modal-dialog__body">
        {heading && (
          <h2 id={titleId} className="modal-dialog__title">
            {label}
          </h2>
        )}
        {children}
      </div>
    </dialog>
  );
}
