import type { Envelope } from '@haat/shared/common/envelope';
import type { CashOnDeliveryRequest } from '@haat/shared/orders/order.schema';
import type { Order } from '@haat/shared/orders/order.types';
import { openStorage, type HaatDB } from '../../lib/storage/device-store';
import { outboxFacade } from '../../lib/storage/outbox-facade';
import { cartLineKeysOf } from '../../lib/storage/outbox-ops';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { toast } from '../../lib/ui/toast';
import { reloadCart } from '../cart/public';
import { checkoutApi } from './api';
import { couponRefusalOf, isCouponRefusal } from './coupon-refusal';
import { i18n } from '../../i18n/i18n';

/** Keeps a placed order and drops its lines from the device's cart, but for lines changed again since (their change wins). */
export async function recordPlacedOrder(db: HaatDB, order: Order, key: string): Promise<void> {
  await db.orders.put({ ...order, clientKey: key });
  const later = await outboxFacade.pending('cart.sync', { after: key });
  const touched = new Set(later.flatMap(cartLineKeysOf));
  await db.cart.bulkDelete(order.product_details.map((l) => cartLineKey(l.productId, l.variantId)).filter((key) => !touched.has(key)));
}

/** Cash on delivery without a network: queued with its Idempotency-Key; the cart empties at once. */
export async function queueOrder(body: CashOnDeliveryRequest, key: string): Promise<void> {
  const db = await openStorage();
  await outboxFacade.transaction([db.cart], async () => {
    await outboxFacade.enqueue('order.cod', body, key);
    await db.cart.bulkDelete(body.list_items.map((l) => cartLineKey(l.productId, l.variantId)));
  });
}

/** Queued cash-on-delivery orders go out one by one, each with the key it was queued with. */
export function registerCodQueue(): void {
  outboxFacade.register<'order.cod', Envelope<Order>>('order.cod', {
    send: ([entry]) => checkoutApi.cashOnDelivery(entry!.body, entry!.key),
    tables: (db) => [db.orders, db.cart],
    settle: ([entry], answer, db) => recordPlacedOrder(db, answer.data!, entry!.key),
    reject: async ([entry], problem) => {
      // Refused for good: kept visible, the cart given back; a coupon no longer applying fails it too, never placed at full price
      // (docs/decisions/0209-queued-orders-and-coupons.md).
      const code = entry!.body.couponCode;
      const why = isCouponRefusal(problem) && code ? i18n.t('checkout:queueCouponRefused', { code, reason: couponRefusalOf(problem) }) : problem.message;
      await outboxFacade.markFailed(entry!.key, why);
      toast.error(i18n.t('checkout:queueFailed', { message: why }));
      await reloadCart().catch(() => undefined);
      return true;
    },
  });
}
