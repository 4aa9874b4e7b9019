import type { NamedStatement } from '../db/database.js';
import { placeOrders, type HoldCaps, type OrderToPlace } from './order-statement.js';

/** How many orders one statement places at most. */
const MAX_BATCH = 500;
/** After this long a statement no longer holds back the orders behind it (see OrderBatcher.pump). */
const SLOW_STATEMENT_MS = 50;
/** Statements of one process on their way at once, slow ones included: the statement pool's default size. */
const MAX_IN_FLIGHT = 10;

interface Pending {
  order: OrderToPlace;
  resolve: (placed: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Where every order is placed: group commit. One statement (placeOrders) holds the turn at a time; the orders
 * that arrive while it is on its way wait here and then go together as the next statement, which decides
 * them first come first served, locks each pool once and commits once. An order that finds no statement on
 * its way goes at once, alone. So a quiet shop places each order as it comes, and a busy one (a flash sale on
 * one product, or many shoppers on many) pays one round trip, one plan's start and one commit for many
 * orders instead of one each, and its orders of one product stop queueing on that product's row lock.
 * Orders with a coupon always go alone (docs/decisions/0201-coupons.md). A list the statement refuses as a
 * whole (a reused key, a taken order number, an account past its hold, a second card payment awaited), and
 * any order that lost in a list but might fit alone, go again alone, where the answer is exact. Per API
 * process: the row locks order the statements of several instances (docs/decisions/0050-order-placement.md).
 */
export class OrderBatcher {
  /** Orders waiting for a statement, in the order they arrived. */
  private readonly waiting: Pending[] = [];
  /** Statements on their way that hold the turn: at most one, unless it is slow (see pump). */
  private turns = 0;
  /** Statements on their way, slow ones included. */
  private inFlight = 0;

  constructor(
    private readonly statement: NamedStatement,
    /** Units one account may hold in unpaid orders (see holdOrderUnits), by whether its e-mail is verified. */
    private readonly holdLimit: HoldCaps,
  ) {}

  /** True when the order was written, false when its stock or price failed (nothing was written). */
  place(order: OrderToPlace): Promise<boolean> {
    if (order.coupon) return this.alone(order);
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.push({ order, resolve, reject });
      this.pump();
    });
  }

  private async alone(order: OrderToPlace): Promise<boolean> {
    return (await placeOrders(this.statement, [order], this.holdLimit)).placed.has(order.row.id);
  }

  /**
   * Starts a statement for all that waits (up to MAX_BATCH) when none holds the turn. A statement gives the turn
   * back when it ends, or once it has taken SLOW_STATEMENT_MS (waiting on a lock another instance or an admin
   * holds): the orders behind it then go in a statement of their own instead of waiting for it, up to
   * MAX_IN_FLIGHT statements at once.
   */
  private pump(): void {
    while (this.turns === 0 && this.inFlight < MAX_IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      this.turns++;
      this.inFlight++;
      let holdsTurn = true;
      const giveTurn = () => {
        if (!holdsTurn) return;
        holdsTurn = false;
        this.turns--;
        this.pump();
      };
      const slow = setTimeout(giveTurn, SLOW_STATEMENT_MS);
      slow.unref();
      void this.run(batch).finally(() => {
        clearTimeout(slow);
        this.inFlight--;
        if (holdsTurn) giveTurn();
        else this.pump();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const [p] = batch as [Pending];
      await this.alone(p.order).then(p.resolve, p.reject);
      return;
    }
    let outcome: { placed: ReadonlySet<string>; left: number } | null = null;
    try {
      outcome = await placeOrders(
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
      // Alone: the batch failed, or units are left that this order may fit.
      await this.alone(p.order).then(p.resolve, p.reject);
    }
  }
}
