import { usePublicConfig } from '../../../lib/http/public-config';
import { useOnline } from '../../../lib/hooks/use-online';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  busy: 'cod' | 'card' | null;
  /** The API's 503 message, once Pay Online was refused for lack of configuration. */
  paymentsDown: string | null;
  onPayOnline: () => void;
  onCashOnDelivery: () => void;
  /** The coupon is being priced again for a changed cart: nothing is placed until its total is known. */
  held?: boolean;
  /** The chosen address is outside every delivery zone: neither button places anything (the promise line says why). */
  notServed?: boolean;
  /** Picked up at a store: cash is paid at its counter (docs/product.md#store-pickup). */
  atStore?: boolean;
}

/** Pay Online and Cash on Delivery (docs/product.md#screens); Pay Online says why when it cannot work. */
export function PaymentActions({ busy, paymentsDown, onPayOnline, onCashOnDelivery, held = false, notServed = false, atStore = false }: Props) {
  const { t } = useTranslation('checkout');
  const config = usePublicConfig();
  const online = useOnline();
  const reason = !online ? t('pay.needsConnection') : (paymentsDown ?? (config.known && !config.paymentsEnabled ? t('pay.unavailable') : null));
  return (
    <div className="checkout__actions">
      <button
        type="button"
        className="btn btn--primary checkout__pay"
        // The pressed button stays enabled while busy (the keyboard's focus stays on it; usePlaceOrder ignores a second press).
        disabled={busy === 'cod' || held || notServed || reason !== null}
        aria-busy={busy === 'card' || undefined}
        aria-describedby={reason ? 'pay-online-reason' : undefined}
        onClick={onPayOnline}
      >
        {busy === 'card' ? t('pay.loading') : t(config.upi ? 'pay.upiOrCard' : 'pay.online')}
      </button>
      <button
        type="button"
        className="btn btn--ghost checkout__cod"
        disabled={busy === 'card' || held || notServed}
        aria-busy={busy === 'cod' || undefined}
        onClick={onCashOnDelivery}
      >
        {busy === 'cod' ? t('pay.loading') : t(atStore ? 'pickup.payAtStore' : 'pay.cod')}
      </button>
      {reason && (
        <p id="pay-online-reason" className="checkout__muted" data-testid="pay-online-reason">
          {reason}
        </p>
      )}
      {!online && <p className="checkout__muted">{t('pay.offlineNote')}</p>}
    </div>
  );
}
