import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { returnableUnits, withinReturnWindow, type OrderReturn } from '@haat/shared/orders/returns';
import { formatDate, formatMoney } from '../../../i18n/format';
import type { SavedOrder } from '../../../lib/storage/account-tables';
import { openStorage } from '../../../lib/storage/device-store';
import { usePublicConfig } from '../../../lib/http/public-config';
import { useOnline } from '../../../lib/hooks/use-online';
import { toast } from '../../../lib/ui/toast';
import { ReturnDialog } from './return-dialog';

/** When the order was delivered, from its stage history; null while it is not. */
export function deliveredAt(order: Pick<SavedOrder, 'statusHistory'>): Date | null {
  const delivered = order.statusHistory.find((h) => h.status === 'DELIVERED');
  return delivered ? new Date(delivered.updatedAt) : null;
}

/** Units of each line (by cartLineKey) not yet asked back in a return that was not rejected. */
export function returnableLines(order: Pick<SavedOrder, 'product_details' | 'returns'>): Map<string, number> {
  const asked = new Map<string, number>();
  for (const ret of order.returns ?? []) {
    if (ret.status === 'REJECTED') continue;
    for (const item of ret.items) {
      const key = cartLineKey(item.productId, item.variantId);
      asked.set(key, (asked.get(key) ?? 0) + item.quantity);
    }
  }
  const left = new Map<string, number>();
  for (const l of order.product_details) {
    const key = cartLineKey(l.productId, l.variantId);
    left.set(key, (left.get(key) ?? 0) + l.quantity);
  }
  for (const [key, bought] of left) left.set(key, returnableUnits(bought, asked.get(key) ?? 0));
  return left;
}

function RefundLine({ ret }: { ret: OrderReturn }) {
  const { t } = useTranslation('orders');
  if (ret.status !== 'REFUNDED' || !ret.refund) return null;
  const text =
    ret.refund.method === 'CARD'
      ? t('returns.refundCard', { amount: formatMoney(ret.amount) })
      : t(ret.refund.method === 'UPI' ? 'returns.refundUpi' : 'returns.refundBank', { amount: formatMoney(ret.amount), reference: ret.refund.reference ?? '' });
  return <span className="order-returns__refund">{text}</span>;
}

/** An order's returns (docs/product.md#returns), and "Return items" inside the return window (disabled offline). */
export function OrderReturns({ order, shopper }: { order: SavedOrder; shopper: boolean }) {
  const { t } = useTranslation('orders');
  const config = usePublicConfig();
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const returns = order.returns ?? [];
  const delivered = deliveredAt(order);
  const closes = delivered ? new Date(delivered.getTime() + config.returnWindowDays * 86_400_000) : null;
  const returnable = returnableLines(order);
  const canAsk =
    shopper && delivered && closes && withinReturnWindow(delivered, new Date(), config.returnWindowDays) && [...returnable.values()].some((n) => n > 0);
  if (returns.length === 0 && !canAsk) return null;
  return (
    <section className="order-returns" aria-label={t('returns.heading')}>
      {returns.length > 0 && (
        <ul className="order-returns__list">
          {returns.map((ret) => (
            <li key={ret._id} data-testid="order-return" data-status={ret.status}>
              <span>{t('returns.summary', { items: ret.items.map((i) => `${i.name} × ${i.quantity}`).join(', '), amount: formatMoney(ret.amount) })}</span>{' '}
              <strong className="order-returns__status" data-testid="return-status">
                {t(`returns.status.${ret.status}`)}
              </strong>{' '}
              <RefundLine ret={ret} />
            </li>
          ))}
        </ul>
      )}
      {canAsk && (
        <p className="order-returns__ask">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid="return-items"
            disabled={!online}
            aria-describedby={`returns-note-${order.orderId}`}
            onClick={() => setAsking(true)}
          >
            {t('returns.returnItems')}
          </button>{' '}
          <span id={`returns-note-${order.orderId}`} className="order-returns__note">
            {online ? t('returns.openUntil', { date: formatDate(closes, { day: 'numeric', month: 'short' }) }) : t('returns.offline')}
          </span>
        </p>
      )}
      {asking && (
        <ReturnDialog
          order={order}
          returnable={returnable}
          onClose={() => setAsking(false)}
          onReturned={(ret) => {
            setAsking(false);
            void openStorage().then((db) => db.orders.put({ ...order, returns: [...returns, ret] }));
            toast.success(t('returns.requested'));
          }}
        />
      )}
    </section>
  );
}
