import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../lib/ui/page-meta';
import { reloadOrders } from '../../lib/storage/order-store';
import { useServerRefresh } from '../../lib/storage/use-server-refresh';
import { loadPushToggle } from '../realtime/public';
import { lazyPart } from '../../lib/ui/lazy-part';
import { QueuedOrderStatus } from './components/queued-order-status';
import { OrderArrival } from './components/order-arrival';
import './components/checkout.css';
import { useTranslation } from '../../i18n/i18n';

// The push switch, the WhatsApp offer and the wait for a payment back from Stripe need the network: they load when drawn,
// not precached with the page (an order placed offline lands here).
const PushToggle = lazyPart(loadPushToggle);
const PaymentWait = lazyPart(async () => (await import('./components/payment-wait')).PaymentWait);
const WhatsappOffer = lazyPart(async () => (await import('./components/whatsapp-slot')).WhatsappSlot);

/** /success (docs/product.md#screens), with the offers of order-stage notices and WhatsApp updates. */
export function SuccessPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  const state = useLocation().state as { text?: string } | null;
  const pending = params.get('pending');
  const orderId = params.get('order');
  // Back from Stripe: the order the session paid for, which a UPI payment may still be settling.
  const paidOrder = params.get('session_id') ? params.get('orderId') : null;
  const text = state?.text ?? (orderId ? 'Order' : 'Payment');
  // The paid order's stage comes from the webhook; refresh My Orders in the background.
  useServerRefresh('orders', reloadOrders);

  return (
    <>
      <PageMeta title={t('successTitle')} />
      {pending ? (
        // Placed once back online: the same offers as an order placed online.
        <QueuedOrderStatus queueKey={pending} offers={<WhatsappOffer />} />
      ) : (
        <div className="order-result" data-testid="order-success">
          {paidOrder ? <PaymentWait orderId={paidOrder} /> : <h1 className="order-result__title">{text === 'Order' ? t('orderDone') : t('paymentDone')}</h1>}
          {orderId && (
            <p className="order-result__id" data-testid="order-id">
              {t('orderId', { id: orderId })}
            </p>
          )}
          {(orderId ?? paidOrder) && <OrderArrival orderId={(orderId ?? paidOrder)!} />}
          <PushToggle audience="shopper" offerOnly />
          <WhatsappOffer />
          <Link to="/">{t('goHome')}</Link>
        </div>
      )}
    </>
  );
}
