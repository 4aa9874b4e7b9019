import type { CurrentTotals } from '@haat/shared/orders/order.types';
import { openStorage } from '../../lib/storage/device-store';

/** A 409's current prices into the device's cart: Bill Details shows what the shopper will pay. */
export async function applyCurrentPrices(current: CurrentTotals): Promise<void> {
  const db = await openStorage();
  await db.transaction('rw', db.cart, async () => {
    for (const line of current.product_details) {
      // Lines saved before variants have no variantId: the product itself.
      await db.cart
        .where('productId')
        .equals(line.productId)
        .filter((l) => (l.variantId ?? null) === (line.variantId ?? null))
        .modify((l) => {
          l.product = { ...l.product, price: line.price, discount: line.discount };
        });
    }
  });
}
