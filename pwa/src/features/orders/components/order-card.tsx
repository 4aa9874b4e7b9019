import { useState, type ReactNode } from 'react';
import { allowedMove, factsOfOrder } from '@haat/shared/orders/order-lifecycle';
import { formatMoney } from '../../../i18n/format';
import { orderAnchor } from '@haat/shared/orders/stage-notices';
import { type SavedOrder } from '../../../lib/storage/account-tables';
import { useServerWrite } from '../../../lib/query/server-write';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { cancelOrderWrite } from '../api';
import { OrderProgress } from './order-progress';
import { PickupNote } from './pickup-note';
import { TaxDocumentLinks } from './tax-document-links';
import { OrderAgainButton } from './order-again-button';
import { OrderReturns } from './order-returns';
import { NotSent } from './not-sent';
import { paymentSummary } from './payment-summary';
import { expectedDeliveryDate } from '@haat/shared/addresses/delivery-zones';
import { type OrderAddress } from '@haat/shared/orders/order.types';
import { deliveryDateWords } from '../../../lib/delivery/delivery-words';
import { i18n, useTranslation } from '../../../i18n/i18n';
import { PromiseNote } from '../../../lib/delivery/delivery-promise';
import { ArrivalLine } from '../../../lib/delivery/arrival-line';
import { spacedMobile } from '@haat/shared/users/mobile-words';

/** One order, with Cancel while unfinished; the admin's list passes its own controls as children (they replace Cancel). */
export function OrderCard({ order, children }: { order: SavedOrder; children?: ReactNode }) {
  const { t } = useTranslation('orders');
  const cancelling = useServerWrite(cancelOrderWrite(order.clientKey));
  const busy = cancelling.isPending;
  const [asking, setAsking] = useState(false);
  const cancel = () => {
    setAsking(false);
    cancelling.mutate(order.orderId);
  };
  // While on its way: the date promised when it was placed (docs/product.md#delivery), by the same rule for one queued here.
  const open = order.status !== 'DELIVERED' && order.status !== 'CANCELLED' && order.payment_status !== 'CANCELLED';
  // (An order kept by an older version of the app may lack its address: then no date rather than a guess.)
  const address: Partial<OrderAddress> | undefined = order.delivery_address;
  // A pickup order is collected, not delivered: its card names the store instead (PickupNote).
  const expected =
    open && order.fulfilment !== 'pickup' ? (order.expectedDeliveryBy ?? (address ? expectedDeliveryDate(address, new Date(order.createdAt)) : null)) : null;
  // What an order says of its delivery (docs/product.md#delivery): the promise it was placed under, an express one's due time.
  const { promise, dueAt } = order;
  return (
    <article className="order-card" data-testid="order-card" id={orderAnchor(order.orderId)}>
      <header className="order-card__head">
        <strong>{t('orderId', { id: order.orderId })}</strong>
        <span>{relativeTime(order.createdAt)}</span>
      </header>
      {typeof order.userId === 'object' && (
        <p className="order-card__user">{`${order.userId.name}${order.userId.mobile ? ` · ${spacedMobile(order.userId.mobile)}` : ''}`}</p>
      )}
      {order.channel?.kind === 'ondc' && (
        <p className="order-card__channel" data-testid="order-channel">
          {t('channelOndc', { app: order.channel.buyerApp, id: order.channel.networkOrderId })}
        </p>
      )}
      <ul className="order-card__lines">
        {order.product_details.map((l, i) => (
          <li key={`${l.productId}:${l.variantId ?? i}`}>{`${l.variantName ? `${l.name} (${l.variantName})` : l.name} × ${l.quantity}`}</li>
        ))}
      </ul>
      <NotSent order={order} />
      <p className="order-card__meta">
        <span>{formatMoney(order.totalAmt)}</span>
        <span>{paymentSummary(order)}</span>
        {order.couponCode && (order.discountAmt ?? 0) > 0 && (
          <span className="order-card__coupon" data-testid="order-coupon">
            {t('coupon', { code: order.couponCode, amount: formatMoney(order.discountAmt ?? 0) })}
          </span>
        )}
        {order.refundId && <span className="order-card__refund">{t('refunded')}</span>}
      </p>
      {promise?.kind === 'express' ? (
        <div className="order-card__expected" data-testid="order-promise" data-kind="express">
          <PromiseNote seen={{ promise, seenAt: order.createdAt }} testId="order-promise-words" />
          {open && dueAt && <ArrivalLine dueAt={dueAt} />}
        </div>
      ) : (
        expected && (
          <p className="order-card__expected" data-testid="order-expected" data-kind={promise?.kind}>
            {t('expected', { date: deliveryDateWords(expected) })}
          </p>
        )
      )}
      <PickupNote order={order} />
      <OrderProgress history={order.statusHistory} fulfilment={order.fulfilment} />
      <TaxDocumentLinks order={order} />
      <OrderReturns order={order} shopper={!children} />
      {/* A finished order of the shopper's own can go back into the cart (docs/product.md#buy-again-and-order-again). */}
      {!children && !open && order.product_details.length > 0 && <OrderAgainButton orderId={order.orderId} />}
      {children ??
        (allowedMove(factsOfOrder(order), 'CANCELLED', 'customer') && (
          <>
            {/* Cancelling cannot be undone: it asks first, and nothing is sent unless confirmed. */}
            <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => setAsking(true)}>
              {busy ? t('loading') : t('cancelOrder')}
            </button>
            <ConfirmDialog
              open={asking}
              title={t('cancelTitle', { id: order.orderId })}
              message={t('cancelMessage')}
              confirmLabel={t('cancelOrder')}
              keepLabel={t('keepOrder')}
              onConfirm={() => void cancel()}
              onKeep={() => setAsking(false)}
            />
          </>
        ))}
    </article>
  );
}

const UNITS: Array<[string, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** docs/product.md#screens, Orders: "Relative times read as days, hours, minutes or seconds ago". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  for (const [unit, ms] of UNITS) {
    const n = Math.floor(elapsed / ms);
    if (n >= 1) return i18n.t(`orders:ago.${unit}`, { count: n });
  }
  return i18n.t('orders:ago.second', { count: 0 });
}
