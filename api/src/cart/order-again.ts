import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orderAgainDecision, type OrderAgainChanged, type OrderAgainLeft } from '@haat/shared/cart/order-again';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { sellingUnit } from '@haat/shared/catalog/selling-unit';
import type { CartItem } from '@haat/shared/cart/cart.types';
import { paise, salePrice } from '@haat/shared/money/paise';
import type { Totals } from '@haat/shared/money/pricing';
import type { Db } from '../db/database.js';
import { newId } from '../common/ids.js';
import { stockForShare } from '../catalog/index.js';
import { cartItems } from './cart.table.js';
import { readCart } from './cart-view.js';
import { keyedCartWrite } from './keyed-answer.js';

/** A line of a past order as Order again reads it: the unit, the units bought, the name kept and what one unit cost. */
export interface LineToOrderAgain {
  productId: string | null;
  variantId: string | null;
  variantName: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
}

export interface OrderAgainAnswer {
  data: CartItem[];
  totals: Totals;
  left: OrderAgainLeft[];
  changed: OrderAgainChanged[];
  replayed: boolean;
}

/**
 * Order again (docs/product.md#buy-again-and-order-again): the order's lines go back into the shopper's cart, each by the cart's
 * own rule (`orderAgainDecision`: stock and the limit per order), its products locked FOR SHARE as a sync locks
 * them; the answer is the cart as the cart routes answer it, with the lines left out and why, and the lines whose
 * unit price is not what the order paid. Keyed like a sync: the same Idempotency-Key answers the same again.
 */
export function orderAgain(db: Db, userId: string, key: string, orderId: string, lines: readonly LineToOrderAgain[]): Promise<OrderAgainAnswer> {
  const requestHash = createHash('sha256').update(`order-again\u0000${orderId}`).digest('hex');
  return db.transaction((tx) =>
    keyedCartWrite(tx, userId, key, requestHash, async () => {
      const { left, changed } = await putBack(tx, userId, lines);
      const view = await readCart(tx, userId);
      return { data: view.items, totals: view.totals, left, changed };
    }),
  );
}

async function putBack(tx: Db, userId: string, lines: readonly LineToOrderAgain[]) {
  const ids = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const found = ids.length === 0 ? [] : await stockForShare(tx, ids);
  const productOf = new Map(found.filter((p) => p.publish).map((p) => [p.id, p]));
  const held = await tx.select().from(cartItems).where(eq(cartItems.userId, userId));
  const inCart = new Map(held.map((l) => [cartLineKey(l.productId, l.variantId), l.quantity]));
  const left: OrderAgainLeft[] = [];
  const changed: OrderAgainChanged[] = [];
  for (const line of lines) {
    const name = line.variantName ? `${line.name} (${line.variantName})` : line.name;
    const product = line.productId ? productOf.get(line.productId) : undefined;
    // The option bought, unless it was deleted (the line keeps its name, not its id) or the product is now sold only in options.
    const variant = line.variantId === null ? (line.variantName ? undefined : null) : product?.variants.find((v) => v._id === line.variantId);
    const sellable = product && variant !== undefined && (variant !== null || product.variants.length === 0);
    const unit = sellable ? sellingUnit(product, variant) : null;
    const lineKey = cartLineKey(line.productId ?? '', line.variantId);
    const before = inCart.get(lineKey) ?? 0;
    const decision = orderAgainDecision(before, line.quantity, unit && product ? { stock: unit.stock, maxPerOrder: product.maxPerOrder } : null);
    const ref = { productId: line.productId ?? '', variantId: line.variantId, name };
    if (decision.reason) left.push({ ...ref, reason: decision.reason, ordered: line.quantity, added: decision.added });
    if (decision.added === 0 || !unit || !product) continue;
    inCart.set(lineKey, decision.quantity);
    await tx
      .insert(cartItems)
      .values({ id: newId(), userId, productId: product.id, variantId: line.variantId, quantity: decision.quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.variantId],
        set: { quantity: decision.quantity, updatedAt: new Date() },
      });
    const was = paise(line.unitPrice);
    const now = salePrice(paise(unit.price), product.discount);
    if (was !== now) changed.push({ ...ref, was, now });
  }
  return { left, changed };
}
