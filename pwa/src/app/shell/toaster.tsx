import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useState } from 'react';
import { dismissToast, toastsAtom } from '../../lib/ui/toast';
import { useTranslation } from '../../i18n/i18n';

/** The control the shopper last pressed (tap, click or key), whose result a toast may be about. */
let lastPressed: Element | null = null;
const remember = (event: Event) => {
  if (event.target instanceof Element) lastPressed = event.target.closest('button, a, input, select, [role="button"]') ?? event.target;
};

/** A toast opens at the bottom, unless the control just pressed is in the lower half of the window: then at the top. */
export function toastSide(pressed: DOMRect | null, windowHeight: number): 'top' | 'bottom' {
  if (!pressed || (pressed.width === 0 && pressed.height === 0)) return 'bottom';
  return (pressed.top + pressed.bottom) / 2 > windowHeight / 2 ? 'top' : 'bottom';
}

/** Renders lib/ui/toast.ts's one toast away from the control just pressed; errors are announced assertively. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const { t } = useTranslation();
  const [side, setSide] = useState<'top' | 'bottom'>('bottom');
  useEffect(() => {
    document.addEventListener('pointerdown', remember, true);
    document.addEventListener('keydown', remember, true);
    return () => {
      document.removeEventListener('pointerdown', remember, true);
      document.removeEventListener('keydown', remember, true);
    };
  }, []);
  const shown = toasts.at(-1)?.id;
  useLayoutEffect(() => {
    if (shown === undefined) return;
    const pressed = lastPressed?.isConnected ? lastPressed : document.activeElement !== document.body ? document.activeElement : null;
    setSide(toastSide(pressed?.getBoundingClientRect() ?? null, window.innerHeight));
  }, [shown]);
  return (
    <div className={`toaster toaster--${side}`} aria-live="polite">
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
