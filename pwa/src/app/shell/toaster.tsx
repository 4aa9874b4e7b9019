import { useAtomValue } from 'jotai';
import { dismissToast, toastsAtom } from '../../lib/ui/toast';

/** Renders lib/toast.ts's queue (docs/product.md#rules-and-limits durations live there); errors are announced assertively. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
