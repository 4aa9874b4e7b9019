import { useDeviceQuery } from '../../lib/storage/device-store';
import { cartTotals } from '../../features/cart/public';

/** What the header cart button and the small-screen cart bar show. */
export interface CartSummary {
  count: number;
  total: number;
}

/** Live from the device's cart (docs/product.md#screens): units and the grand total; 0 reads "My Cart", hides the bar. */
export function useCartSummary(): CartSummary {
  const totals = useDeviceQuery(async (db) => cartTotals(await db.cart.toArray()));
  return { count: totals?.quantityTotal ?? 0, total: totals?.grandTotal ?? 0 };
}
