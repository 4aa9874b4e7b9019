import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { CartPanel } from './cart-panel';
import './cart.css';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens cart side panel, a modal dialog (docs/decisions/0210-dialogs-are-native-modal-dialogs.md). */
export function CartDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('cart');
  return (
    <ModalDialog onClose={onClose} label={t('cart')} variant="side" testId="cart-drawer">
      <div className="cart-drawer__panel">
        <button type="button" className="cart-drawer__close" aria-label={t('close')} onClick={onClose}>
          ✕
        </button>
        <CartPanel onNavigate={onClose} />
      </div>
    </ModalDialog>
  );
}
