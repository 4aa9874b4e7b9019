import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './modal-dialog.css';

interface Props {
  /** Shown while true; left out, the dialog shows for as long as it is rendered. */
  open?: boolean;
  onClose: () => void;
  /** The dialog's accessible name; with `heading` also its visible title. */
  label: string;
  /** Shows `label` as the dialog's heading (the admin's forms and confirmations). */
  heading?: boolean;
  /**
   * 'sheet' slides up from the bottom (mobile filters); 'side' is a full-height panel on the right (the cart);
   * 'center' is a classic modal (quick view, confirmations); 'form' and 'small' are padded panels for forms
   * (addresses, the avatar, the admin's); 'viewer' fills the screen (an image preview).
   */
  variant: 'sheet' | 'side' | 'center' | 'form' | 'small' | 'viewer';
  /** For the journeys that find the dialog by test id. */
  testId?: string;
  children: ReactNode;
}

/**
 * Every modal in the app, on the browser's own <dialog>: focus moves in, the page behind is inert (Tab and
 * Shift+Tab stay in the dialog and the browser's own controls), Escape and a click on the backdrop close it,
 * and focus goes back to the control that opened it (docs/decisions/0197-dialogs-are-native-modal-dialogs.md).
 * No framework code to download.
 */
export function ModalDialog({ open = true, onClose, label, heading = false, variant, testId, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // What had focus when the dialog opened: it gets focus back when the dialog closes, so a keyboard or
  // screen-reader user goes on from where they were instead of from the top of the page.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal?.();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener.current, dialog);
    }
  }, [open]);
  // Rendered only while open (no `open` prop): unmounting closes it. A layout effect, so the dialog is still
  // in the document when it closes and focus can go back before the page paints.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog?.open) return;
      dialog.close?.();
      returnFocus(opener.current, dialog);
    };
  }, []);
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

/** Focus back on the opener, unless it has left the page (a route change) or focus already moved on elsewhere. */
function returnFocus(opener: HTMLElement | null, dialog: HTMLDialogElement) {
  const focused = document.activeElement;
  const lost = focused === null || focused === document.body || dialog.contains(focused);
  if (opener?.isConnected && lost) opener.focus();
}
