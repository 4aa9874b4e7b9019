import { Injectable, type OnModuleInit } from '@nestjs/common';
import { collectBy } from '@haat/shared/orders/pickup';
import { AppError } from '../common/app-error.js';
import { JobKinds } from '../jobs/index.js';
import { OrderLifecycle } from './lifecycle/order-lifecycle.service.js';
import { PICKUP_EXPIRY_KIND, readyAt, type PickupExpiryPayload } from './lifecycle/pickup-expiry-job.js';

/** The order is no longer waiting at its store (handed over, cancelled, or gone): its clock has nothing to do. */
class NothingToExpire extends Error {}

/**
 * Runs store pickup's clock as a kind of the one job queue: when an order's job is due, the order, if it still waits
 * ready at its store and its collect-by has passed, is cancelled by the `timer` actor through the order process like
 * any move, its stock back on the store's shelf. The queue's claim gives each job to one instance; a job whose order
 * was collected or cancelled meanwhile ends with nothing done. Why a job per order rather than a sweep:
 * docs/architecture.md#jobs.
 */
@Injectable()
export class PickupExpiry implements OnModuleInit {
  constructor(
    private readonly kinds: JobKinds,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  onModuleInit(): void {
    this.kinds.register<PickupExpiryPayload>(PICKUP_EXPIRY_KIND, { run: (payload) => this.expire(payload.orderId) });
  }

  /** Cancels the order if it still waits uncollected past its collect-by at `now`; answers whether it did. */
  async expire(orderId: string, now: Date = new Date()): Promise<{ cancelled: boolean }> {
    try {
      await this.lifecycle.move(orderId, 'CANCELLED', 'timer', {
        check: (row) => {
          const at = readyAt(row);
          if (row.fulfilment !== 'pickup' || row.status !== 'READY_FOR_PICKUP' || !at) throw new NothingToExpire();
          // Never before its time, whatever made the job due (this instance's clock behind the database's): a throw
          // is tried again by the queue's retry rule.
          if (collectBy(at) > now) throw new Error(`order ${orderId} is kept for its shopper until ${collectBy(at).toISOString()}`);
        },
        read: () => Promise.resolve(undefined),
      });
      return { cancelled: true };
    } catch (error) {
      // Handed over or cancelled meanwhile (by its shopper, an admin): the move is refused and nothing is left to do.
      if (error instanceof NothingToExpire) return { cancelled: false };
      if (error instanceof AppError && (error.getStatus() === 409 || error.getStatus() === 404)) return { cancelled: false };
      throw error;
    }
  }
}
