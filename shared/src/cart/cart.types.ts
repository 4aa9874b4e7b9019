import type { Totals } from '../money/pricing.js';
import type { SyncChangeReason } from './cart.rules.js';

/** The product as a cart line carries it (spec §3: productId populated). */
export interface CartProduct {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  stock: number;
}

export interface CartItem {
  _id: string;
  userId: string;
  productId: CartProduct;
  quantity: number;
  subTotalAmt: number;
  createdAt: string;
  updatedAt: string;
}

/** One thing the server did differently from what a sync asked, and why. */
export interface CartSyncChange {
  productId: string;
  reason: SyncChangeReason;
  requested: number;
  applied: number;
}

/** GET /api/cart/get and PUT /api/cart/sync: `data` is the whole cart, `totals` beside it. */
export interface CartAnswer {
  data: CartItem[];
  totals: Totals;
  changes?: CartSyncChange[];
}
