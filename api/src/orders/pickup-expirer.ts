import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { and, eq, ne } from 'drizzle-orm';
import { collectBy } from '@haat/shared/orders/pickup';
import { AppError } from '../common/app-error.js';
import { errorFacts } from '../common/error-facts.js';
import { DB, type Db } from '../db/database.js';
import { OrderLifecycle } from './lifecycle/order-lifecycle.service.js';
import { orders } from './orders.table.js';

/** How often the clock looks for pickup orders not collected in time: an order is cancelled at most this late. */
const SWEEP_MS = 10 * 60_000;

/**
 * The clock of store pickup (docs/product.md#store-pickup): a pickup order ready at its store and not collected within
 * PICKUP_KEEP_DAYS is cancelled by the `timer` actor, its stock back on the store's shelf, through the order process
 * like any move. The shop has no other clock of its own (a card session's expiry is the provider's event), so this is
 * one loop per instance; instances racing for an order meet at its row lock, and the second finds it cancelled.
 */
@Injectable()
export class PickupExpirer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PickupExpirer');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.expireUncollected().catch((e: unknown) => this.logger.warn(`pickup expiry failed: ${errorFacts(e)}`));
    }, SWEEP_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Cancels every pickup order whose collect-by has passed at `now`; answers their ids. Read from orders_waiting_idx. */
  async expireUncollected(now: Date = new Date()): Promise<string[]> {
    const ready = await this.db
      .select({ id: orders.id, statusHistory: orders.statusHistory })
      .from(orders)
      .where(and(eq(orders.status, 'READY_FOR_PICKUP'), ne(orders.paymentStatus, 'CANCELLED'), eq(orders.fulfilment, 'pickup')));
    const overdue = ready.filter((order) => {
      const readyAt = order.statusHistory.findLast((h) => h.status === 'READY_FOR_PICKUP')?.updatedAt;
      return readyAt !== undefined && collectBy(new Date(readyAt)) <= now;
    });
    const cancelled: string[] = [];
    for (const { id } of overdue) {
      try {
        await this.lifecycle.move(id, 'CANCELLED', 'timer', { read: () => Promise.resolve(undefined) });
        cancelled.push(id);
      } catch (error) {
        // Handed over or cancelled meanwhile (by its shopper, an admin, another instance's clock): nothing to do.
        if (error instanceof AppError && error.getStatus() === 409) continue;
        throw error;
      }
    }
    return cancelled;
  }
}
