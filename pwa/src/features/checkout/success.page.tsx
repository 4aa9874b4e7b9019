import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../lib/ui/page-meta';
import { reloadOrders } from '../../lib/storage/order-store';
import { useServerRefresh } from '../../lib/storage/use-server-refresh';
import { PushToggle } from '../orders/public';
import { lazyPart } from '../../lib/ui/lazy-part';
import { QueuedOrderStatus } from './components/queued-order-status';
import { PaymentWait } from './components/payment-wait';
import './components/checkout.css';
import { useTranslation } from '../../i18n/i18n';

// The offer of order updates on WhatsApp needs the network: it loads when drawn, not precached with the page (an order
// placed offline lands here with no network).
const WhatsappOffer = lazyPart(async () => (await import('./components/whatsapp-slot')).WhatsappSlot);

/**
 * /success (docs/product.md#screens): '{text} Successfully', Payment by default (back from Stripe with session_id),
 * Order after cash on delivery; an offline order shows its queue state until it is placed. It offers,
 * once, to tell this device when the order moves (docs/product.md#order-stage-notices), and order updates on WhatsApp
 * (docs/decisions/0282-order-updates-on-whatsapp.md); a UPI payment still to approve is waited for (PaymentWait).
 */
export function SuccessPage() {
  const { t } = useTranslation('checkout');
  const pageMeta = <PageMeta title={t('successTitle')} />;
  const [params] = useSearchParams();
  const state = useLocation().state as { text?: string } | null;
  const pending = params.get('pending');
  const orderId = params.get('order');
  // Back from Stripe: the order the session paid for, which a UPI payment may still be settling.
  const paidOrder = params.get('session_id') ? params.get('orderId') : null;
  const text = state?.text ?? (orderId ? 'Order' : 'Payment');
  // The paid order's stage comes from the webhook; refresh My Orders in the background.
  useServerRefresh('orders', reloadOrders);

  if (pending)
    return (
      <>
        {pageMeta}
        <QueuedOrderStatus queueKey={pending} />
      </>
    );
  return (
    <>
      {pageMeta}
      <div className="order-result" data-testid="order-success">
        {paidOrder ? <PaymentWait orderId={paidOrder} /> : <h1 className="order-result__title">{text === 'Order' ? t('orderDone') : t('paymentDone')}</h1>}
        {orderId && (
          <p className="order-result__id" data-testid="order-id">
            {t('orderId', { id: orderId })}
          </p>
        )}
        <PushToggle audience="shopper" offerOnly />
        <WhatsappOffer />
        <Link to="/">{t('goHome')}</Link>
      </div>
    </>
  );
}
