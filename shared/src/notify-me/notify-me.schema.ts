import { z } from 'zod';
import { Id, IdRef } from '../common/fields.js';

/**
 * "Notify me" on a sold-out product or one of its options (docs/product.md#back-in-stock). Subscribe and remove
 * are set operations on (account, product, option), so a replayed device outbox entry is harmless.
 */
export const NotifyMeBody = z.object({ productId: IdRef, variantId: Id.nullish() });
export type NotifyMeBody = z.infer<typeof NotifyMeBody>;

/** One wait on the shopper's "Notify me" list, as My Account shows it. */
export interface StockAlert {
  productId: string;
  variantId: string | null;
  name: string;
  variantName: string | null;
  image: string[];
  /** The unit's selling price before discount (rupees) and the product's discount, as cards show them. */
  price: number;
  discount: number;
  /** Whether the unit can be bought now (it came back and the notice is on its way, or another shopper's cancel). */
  inStock: boolean;
  createdAt: string;
  /** When the wait ends untold (docs/product.md#back-in-stock). */
  endsAt: string;
}

/** The admin's product screen: how many shoppers wait for the product's own unit and for each option. */
export interface StockAlertCounts {
  productId: string;
  waiting: number;
  byVariant: Record<string, number>;
}
