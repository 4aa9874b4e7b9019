import type { Order } from '@haat/shared/orders/order.types';
import { formatDate } from '../../../i18n/format';
import { formatShopTime } from '../../../i18n/format-shop-time';
import { useTranslation } from '../../../i18n/i18n';
import { hoursWords } from '../../../lib/pickup/hours-words';

/**
 * A pickup order's card part (docs/product.md#store-pickup): the store, its address and hours; once ready, the
 * 4-digit code to show at the counter and the day to collect it by. The code is on the device with the order, so it
 * shows offline too.
 */
export function PickupNote({ order }: { order: Pick<Order, 'pickup' | 'status' | 'payment_status'> }) {
  const { t } = useTranslation('orders');
  const { pickup } = order;
  if (!pickup) return null;
  const { store } = pickup;
  const finished = order.status === 'DELIVERED' || order.status === 'CANCELLED' || order.payment_status === 'CANCELLED';
  const ready = !finished && order.status === 'READY_FOR_PICKUP';
  return (
    <section className="order-card__pickup" data-testid="order-pickup" aria-label={t('pickup.at', { name: store.name })}>
      <p className="order-card__pickup-store">
        <strong>{t('pickup.at', { name: store.name })}</strong>
      </p>
      <p>{[store.address, store.city, `${store.state} ${store.pincode}`].filter(Boolean).join(', ')}</p>
      {hoursWords(store, 'orders') && <p data-testid="pickup-hours">{hoursWords(store, 'orders')}</p>}
      {ready && pickup.code && (
        <div className="order-card__code">
          <span id={`code-${store._id}-${pickup.code}`}>{t('pickup.code')}</span>
          <strong data-testid="pickup-code" aria-describedby={`code-${store._id}-${pickup.code}`}>
            {pickup.code}
          </strong>
          <span>{t('pickup.codeHint')}</span>
        </div>
      )}
      {ready && pickup.lockedUntil && <p className="order-card__pickup-locked">{t('pickup.locked')}</p>}
      {ready && pickup.collectBy && (
        <p data-testid="pickup-collect-by">
          {t('pickup.collectBy', { date: `${formatDate(pickup.collectBy, { day: 'numeric', month: 'short' })}, ${formatShopTime(pickup.collectBy)}` })}
        </p>
      )}
      {!finished && !ready && <p>{t('pickup.waiting')}</p>}
    </section>
  );
}
