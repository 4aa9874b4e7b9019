import { Inject, Injectable } from '@nestjs/common';
import type { PlaceOrderInput } from '@haat/shared/orders/order.schema';
import type { PaymentMethod } from '@haat/shared/orders/order.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { DB, type Db } from '../db/database.js';
import { notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { activeAddressOf } from '../addresses/addresses.repository.js';
import { removeFromCart } from '../cart/cart.repository.js';
import { orderLines, orders, type OrderLineRow, type OrderRow } from './orders.table.js';
import { newOrderId } from './order-id.js';
import { idempotencyKeyReused, orderFingerprint } from './order-fingerprint.js';
import { assertClientTotal, priceChanged, priceOrder, type OrderItem, type PricedOrder } from './order-pricing.js';
import { outOfStock } from '../products/out-of-stock.js';
import { loadSaleable, stockOf, takeStock } from './order-stock.js';
import { copyAddress } from './order-wire.js';
import { OrderEvents } from './order-events.js';
import { OrderReader } from './order-reader.js';

export interface Placed {
  order: OrderRow;
  /** The lines just written (absent for a replayed order: read them again). */
  lines?: OrderLineRow[];
  /** False when an Idempotency-Key matched an earlier order: that order is answered again. */
  created: boolean;
}

/**
 * Placing an order is a short chain: answer a retried key → check the address → price from our
 * own rows and compare with what the shopper saw → one transaction that writes the order, takes
 * the stock conditionally and clears the ordered cart lines → tell the listeners.
 */
@Injectable()
export class OrderPlacementService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly reader: OrderReader,
    private readonly events: OrderEvents,
  ) {}

  async place(userId: string, input: PlaceOrderInput, method: PaymentMethod, idempotencyKey?: string): Promise<Placed> {
    const requestHash = idempotencyKey ? orderFingerprint(method, input) : null;
    if (idempotencyKey) {
      const first = await this.reader.byIdempotencyKey(userId, idempotencyKey);
      if (first) return replayOf(first, requestHash);
    }
    const items = mergeLines(input.items);
    const [address, saleable] = await Promise.all([
      this.ownAddress(userId, input.addressId),
      loadSaleable(
        this.db,
        items.map((i) => i.productId),
      ),
    ]);
    const priced = priceOrder(items, saleable);
    assertClientTotal(input.totalAmt, priced);
    // Cheap early answer for what is plainly short; the transaction's conditional update decides.
    for (const item of items) {
      const product = saleable.get(item.productId);
      const left = product && stockOf(product, item.variantId);
      if (left && left.stock < item.quantity) throw outOfStock(left, item.quantity);
    }

    // A fresh id collides about once in 10^12 orders; a few tries are plenty.
    for (let attempt = 0; attempt < 3; attempt++) {
      const written = await this.write(newOrderId(), userId, method, priced, copyAddress(address), idempotencyKey, requestHash, items);
      if (written) {
        const { row, lines } = written;
        if (method === 'COD') this.events.placed({ order: row, previousPaymentStatus: row.paymentStatus, cause: 'customer', committedAt: Date.now() });
        return { order: row, lines, created: true };
      }
      if (idempotencyKey) {
        // The same key committed first in a concurrent request: answer that order.
        const first = await this.reader.byIdempotencyKey(userId, idempotencyKey);
        if (first) return replayOf(first, requestHash);
      }
    }
    throw new Error('Could not allocate an order number');
  }

  /** The transaction. Null when the insert met an existing key or id, before any stock was taken. */
  private write(
    id: string,
    userId: string,
    method: PaymentMethod,
    priced: PricedOrder,
    deliveryAddress: ReturnType<typeof copyAddress>,
    idempotencyKey: string | undefined,
    requestHash: string | null,
    items: OrderItem[],
  ): Promise<{ row: OrderRow; lines: OrderLineRow[] } | null> {
    const now = new Date();
    const cod = method === 'COD';
    return this.db.transaction(async (tx) => {
      // The order row goes first: a concurrent retry with the same key waits here on the unique
      // index and then finds the conflict, so it never takes stock twice.
      const [row] = await tx
        .insert(orders)
        .values({
          id,
          userId,
          paymentMethod: method,
          paymentStatus: cod ? 'CASH ON DELIVERY' : 'AWAITING_PAYMENT',
          status: cod ? 'PLACED' : null,
          statusHistory: cod ? [{ status: 'PLACED', updatedAt: now.toISOString() }] : [],
          subTotalAmt: priced.subTotalAmt,
          totalAmt: priced.totalAmt,
          quantity: priced.quantity,
          deliveryAddress,
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      const lines: OrderLineRow[] = priced.lines.map((line, position) => ({
        id: newId(),
        orderId: id,
        productId: line.productId,
        variantId: line.variantId,
        variantName: line.variantName,
        position,
        name: line.name,
        image: line.image,
        unit: line.unit,
        quantity: line.quantity,
        price: line.price,
        discount: line.discount,
        unitPrice: line.unitPrice,
        subTotalAmt: line.subTotalAmt,
      }));
      await tx.insert(orderLines).values(lines);
      const failure = await takeStock(tx, priced.lines);
      if (failure?.kind === 'stock') {
        const wanted = items.find((i) => i.productId === failure.product.id && i.variantId === (failure.product.variant?._id ?? null));
        throw outOfStock(failure.product, wanted?.quantity ?? 0);
      }
      if (failure?.kind === 'price')
        throw priceChanged(
          priceOrder(
            items,
            await loadSaleable(
              tx,
              items.map((i) => i.productId),
            ),
          ),
        );
      // Card orders keep the cart until the payment succeeds: a shopper who backs out of Stripe still has it.
      if (cod) await removeFromCart(tx, userId, items);
      return { row, lines };
    });
  }

  private async ownAddress(userId: string, addressId: string) {
    const row = await activeAddressOf(this.db, userId, addressId);
    if (!row) throw notFound('Address');
    return row;
  }
}

/** The order an earlier request with this key placed, if this request is the same one (else 422). */
function replayOf(first: OrderRow, requestHash: string | null): Placed {
  if (first.requestHash && first.requestHash !== requestHash) throw idempotencyKeyReused();
  return { order: first, created: false };
}

/** The same product in the same variant twice in one list is one line with the quantities added. */
function mergeLines(items: ReadonlyArray<OrderItem>): OrderItem[] {
  const merged = new Map<string, OrderItem>();
  for (const item of items) {
    const key = cartLineKey(item.productId, item.variantId);
    const seen = merged.get(key);
    merged.set(key, { ...item, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  return [...merged.values()];
}
