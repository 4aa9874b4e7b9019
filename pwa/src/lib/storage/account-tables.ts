import type { Address } from '@haat/shared/addresses/address.types';
import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import type { Order } from '@haat/shared/orders/order.types';
import type { StockAlert } from '@haat/shared/notify-me/notify-me.schema';
import type { WishlistProduct } from '@haat/shared/wishlist/wishlist.types';

// Row shapes of the signed-in shopper's stores in db.ts; the features own what is written into them.

/** One cart line: absolute quantity per product and variant, the product as last seen (with a variant, its figures). */
export interface CartLine {
  /** cartLineKey(productId, variantId): the same product in two variants is two lines. */
  key: string;
  productId: string;
  /** The chosen variant, or absent/null for a product sold without variants. */
  variantId?: string | null;
  variant?: ChosenVariant | null;
  quantity: number;
  product: CartProduct;
  lineId?: string;
  /** When the shopper first added it (ms); lines are listed in that order. */
  addedAt?: number;
}

export type SavedAddress = Address;

/** An order from the API; `clientKey` is the Idempotency-Key it was placed with from this device. */
export type SavedOrder = Order & { clientKey?: string };

/** A wishlisted product (set semantics: add and remove are idempotent), with what the grid shows. */
export interface WishlistEntry {
  _id: string;
  addedAt: number;
  product?: Pick<WishlistProduct, '_id' | 'name' | 'image' | 'unit' | 'price' | 'discount' | 'stock' | 'priceDrop'>;
}

/**
 * A "Notify me" wait (docs/product.md#back-in-stock), keyed by its unit (cartLineKey of product and option); `wait` is
 * the server's row as My Account lists it, absent for an ask still queued on this device.
 */
export interface NotifyMeEntry {
  key: string;
  productId: string;
  variantId: string | null;
  addedAt: number;
  wait?: StockAlert;
}
