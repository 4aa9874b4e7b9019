import type { CashOnDeliveryRequest } from '@haat/shared/orders/order.schema';
import type { Order, CurrentTotals } from '@haat/shared/orders/order.types';
import { openStorage } from '../../lib/storage/device-store';
import { problemOf } from '../../lib/http/http-problem';
import { outboxFacade } from '../../lib/storage/outbox-facade';
import { reactionTo } from '../../lib/http/problem-reaction';
import { checkoutApi } from './api';
import { queueOrder, recordPlacedOrder } from './cod-queue';

export type CodOutcome =
  { kind: 'placed'; order: Order } | { kind: 'queued'; key: string } | { kind: 'price-changed'; current: CurrentTotals; message: string };

/**
 * Cash on delivery, offline-first, behind earlier queued writes; a lost answer queues the same key: placed exactly once.
 * `key`: the order's Idempotency-Key when the caller has one (a cancelled order's replacement), else a fresh one.
 */
export async function placeCashOnDelivery(body: CashOnDeliveryRequest, key = outboxFacade.newKey()): Promise<CodOutcome> {
  const waiting = navigator.onLine ? await outboxFacade.flush() : 1;
  if (waiting > 0 || !navigator.onLine) {
    await queueOrder(body, key);
    void outboxFacade.flush();
    return { kind: 'queued', key };
  }
  try {
    const answer = await checkoutApi.cashOnDelivery(body, key);
    const db = await openStorage();
    await outboxFacade.transaction([db.orders, db.cart], () => recordPlacedOrder(db, answer.data!, key));
    return { kind: 'placed', order: answer.data! };
  } catch (error) {
    const problem = problemOf(error);
    const current = problem.body?.current as CurrentTotals | undefined;
    if (reactionTo(problem.code) === 'review-prices' && current) return { kind: 'price-changed', current, message: problem.message };
    if (problem.status !== 0) throw error;
    await queueOrder(body, key);
    return { kind: 'queued', key };
  }
}
