import { useEffect } from 'react';
import { CartPanel } from './cart-panel';
import './cart.css';
import { useTranslation } from 'react-i18next';

/** docs/product.md#screens cart side panel: slides in from the right over the page; Escape or the backdrop closes it. */
export function CartDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('cart');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="cart-drawer" role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="cart-drawer__panel" role="dialog" aria-modal="true" aria-label={t('cart')} data-testid="cart-drawer">
        <button type="button" className="cart-drawer__close" aria-label={t('close')} onClick={onClose}>
          ✕
        </button>
        <CartPanel onNavigate={onClose} />
      </div>
    </div>
  );
}
