import type { Address } from '@haat/shared/addresses/address.types';
import type { CartProduct } from '@haat/shared/cart/cart.types';
import type { Order } from '@haat/shared/orders/order.types';
import type { WishlistProduct } from '@haat/shared/wishlist/wishlist.types';

/**
 * Row shapes of the signed-in shopper's stores in lib/db.ts (cart, addresses, orders, wishlist).
 * They live in lib because the database is lib; the features own what is written into them.
 */

/** One cart line as the device holds it: absolute quantity per product, the product as last seen. */
export interface CartLine {
  productId: string;
  quantity: number;
  product: CartProduct;
  /** The server's cart line id, once the server has the line. */
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
  product?: Pick<WishlistProduct, '_id' | 'name' | 'image' | 'unit' | 'price' | 'discount' | 'stock'>;
}
