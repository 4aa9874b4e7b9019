import { useAtomValue } from 'jotai';
import { dismissToast, toastsAtom } from '../../lib/ui/toast';
import { useTranslation } from 'react-i18next';

/** Renders lib/toast.ts's queue (docs/product.md#rules-and-limits durations live there); errors are announced assertively. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const { t } = useTranslation();
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.message}</span>
          <button type="button" className="toast__close" aria-label={t('dismiss')} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
