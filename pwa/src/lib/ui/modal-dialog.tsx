import { useEffect, useRef, type ReactNode } from 'react';
import './modal-dialog.css';

interface Props {
  open: boolean;
  onClose: () => void;
  label: string;
  /** 'sheet' slides up from the bottom (mobile filters); 'center' is a classic modal (quick view). */
  variant: 'sheet' | 'center';
  children: ReactNode;
}

/**
 * A modal on the browser's own <dialog>: focus moves in and is trapped, Escape and a click on the
 * backdrop close it, and the page behind is inert, with no framework code to download.
 */
export function ModalDialog({ open, onClose, label, variant, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the backdrop (the <dialog> itself) closes it; Escape does from the keyboard (native cancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the key equivalent is the native cancel
    <dialog
      ref={ref}
      className={`modal-dialog modal-dialog--${variant}`}
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="modal-dialog__body">{children}</div>
    </dialog>
  );
}
