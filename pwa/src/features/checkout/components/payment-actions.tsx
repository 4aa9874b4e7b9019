import { usePublicConfig } from '../../../lib/http/public-config';
import { useOnline } from '../../../lib/hooks/use-online';

interface Props {
  busy: 'cod' | 'card' | null;
  /** The API's 503 message, once Pay Online was refused for lack of configuration. */
  paymentsDown: string | null;
  onPayOnline: () => void;
  onCashOnDelivery: () => void;
}

/** Pay Online and Cash on Delivery (docs/product.md#screens); Pay Online says why when it cannot work. */
export function PaymentActions({ busy, paymentsDown, onPayOnline, onCashOnDelivery }: Props) {
  const config = usePublicConfig();
  const online = useOnline();
  const reason = !online
    ? 'Paying online needs a connection.'
    : (paymentsDown ?? (config.known && !config.paymentsEnabled ? 'Online payment is not available right now. Please use Cash on Delivery.' : null));
  return (
    <div className="checkout__actions">
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy !== null || reason !== null}
        aria-describedby={reason ? 'pay-online-reason' : undefined}
        onClick={onPayOnline}
      >
        {busy === 'card' ? 'Loading...' : 'Pay Online'}
      </button>
      <button type="button" className="btn btn--ghost checkout__cod" disabled={busy !== null} onClick={onCashOnDelivery}>
        {busy === 'cod' ? 'Loading...' : 'Cash on Delivery'}
      </button>
      {reason && (
        <p id="pay-online-reason" className="checkout__muted" data-testid="pay-online-reason">
          {reason}
        </p>
      )}
      {!online && <p className="checkout__muted">You are offline: a Cash on Delivery order is kept on this device and placed when you are back online.</p>}
    </div>
  );
}
