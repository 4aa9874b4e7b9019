import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'viewer' fills the screen (image preview); its title is for screen readers only. */
  variant?: 'form' | 'small' | 'viewer';
}

/**
 * The admin modals on the browser's own <dialog> (as lib/ui/modal-dialog.tsx): opened modal on mount,
 * so focus is trapped and the page behind is inert; Escape and a backdrop click close it. Named by its
 * heading through aria-labelledby. Render it only while open.
 */
export function AdminDialog({ title, onClose, children, variant = 'form' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    // A click on the backdrop (the <dialog> itself) closes it; Escape does from the keyboard (native cancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the key equivalent is the native cancel
    <dialog
      ref={ref}
      className={`admin-dialog admin-dialog--${variant}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="admin-dialog__body">
        <h2 id={titleId} className={variant === 'viewer' ? 'visually-hidden' : 'admin-dialog__title'}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
