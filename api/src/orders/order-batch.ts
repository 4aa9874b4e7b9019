import type { NamedStatement } from '../db/database.js';
import { placeOrders, type HoldCaps, type OrderToPlace } from './order-statement.js';

/** How many orders one statement places at most. */
const MAX_BATCH = 500;

interface Pending {
  order: OrderToPlace;
  resolve(placed: boolean): void;
  reject(error: unknown): void;
}

/**
 * Where every order is placed, and group commit for a hot product (flash sale). Every order's statement
 * holds its pools' row locks until it commits, so orders of one product go one commit at a time. While a
 * one-line order's statement for a product (and variant, at one price) is on its way, the next ones for the
 * same line wait here instead of on the row lock; when it is done they go as one statement (placeOrders)
 * that locks the row once, gives the units first come first served while they last, writes every winner's
 * order and commits once. An order that meets no contention goes alone at once, through the same
 * statement. Orders of several lines or with a coupon always go alone. A batch the statement refuses as a
 * whole (a reused key, a taken order number, an account past its hold), and any order that lost in a batch
 * but might fit alone, goes again alone, where the answer is exact. Per API process: the row lock still
 * orders the batches of several instances.
 */
export class OrderBatcher {
  /** A line key present = a statement for it is on its way; the list = orders waiting behind it. */
  private readonly lanes = new Map<string, Pending[]>();

  constructor(
    private readonly statement: NamedStatement,
    /** Units one account may hold in unpaid orders (see holdOrderUnits), by whether its e-mail is verified. */
    private readonly holdLimit: HoldCaps,
  ) {}

  /** True when the order was written, false when its stock or price failed (nothing was written). */
  async place(order: OrderToPlace): Promise<boolean> {
    const [line, ...more] = order.lines;
    if (!line || more.length > 0 || order.coupon) return this.alone(order);
    const key = `${line.productId}\u0000${line.variantId ?? ''}\u0000${line.price}\u0000${line.discount}`;
    const waiting = this.lanes.get(key);
    if (waiting) return new Promise<boolean>((resolve, reject) => waiting.push({ order, resolve, reject }));
    this.lanes.set(key, []);
    try {
      return await this.alone(order);
    } finally {
      void this.drain(key);
    }
  }

  private async alone(order: OrderToPlace): Promise<boolean> {
    return (await placeOrders(this.statement, [order], this.holdLimit)).placed.has(order.row.id);
  }

  private async drain(key: string): Promise<void> {
    for (;;) {
      const waiting = this.lanes.get(key) ?? [];
      if (waiting.length === 0) {
        this.lanes.delete(key);
        return;
      }
      const batch = waiting.splice(0, MAX_BATCH);
      let outcome: { placed: ReadonlySet<string>; left: number } | null = null;
      try {
        outcome =
          batch.length === 1
            ? null
            : await placeOrders(
                this.statement,
                batch.map((p) => p.order),
                this.holdLimit,
              );
      } catch {
        outcome = null; // one by one below: each order gets its own answer (a replay, a retry with a new number…)
      }
      for (const p of batch) {
        const id = p.order.row.id;
        if (outcome && (outcome.placed.has(id) || p.order.row.quantity > outcome.left)) {
          p.resolve(outcome.placed.has(id));
          continue;
        }
        // Alone: no batch, the batch failed, or units are left that this order may fit.
        try {
          p.resolve(await this.alone(p.order));
        } catch (error) {
          p.reject(error);
        }
      }
    }
  }
}
