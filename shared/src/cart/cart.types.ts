import type { SyncChangeReason } from './cart.rules.js';

/** The product as a cart line carries it (docs/product.md#records: productId populated). */
export interface CartProduct {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  stock: number;
  /** Most units one line may hold (docs/product.md#rules-and-limits); absent on lines stored before it was carried: the default. */
  maxPerOrder?: number;
}

/** The variant a cart or order line was chosen in. */
export interface ChosenVariant {
  _id: string;
  name: string;
}

/**
 * A cart line. With a variant, `productId` carries the price, stock and images of that variant
 * (where it has them, docs/product.md#states), so a line's amounts always read from `productId`.
 */
export interface CartItem {
  _id: string;
  userId: string;
  productId: CartProduct;
  /** The chosen variant's `_id`, or null for a product sold without variants. */
  variantId: string | null;
  variant: ChosenVariant | null;
  quantity: number;
  subTotalAmt: number;
  createdAt: string;
  updatedAt: string;
}

/** One thing the server did differently from what a sync asked, and why. */
export interface CartSyncChange {
  productId: string;
  variantId: string | null;
  reason: SyncChangeReason;
  requested: number;
  applied: number;
}
