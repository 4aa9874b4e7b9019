import { eq } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import { PICKUP_WRONG_CODES_TO_LOCK } from '@haat/shared/orders/pickup';
import { AppError } from '../../common/app-error.js';
import { orders, type OrderRow } from '../orders.table.js';
import type { Tx } from '../order-tx.js';
import { pickupCodeMatches } from './pickup-code.js';

/** What the counter's code came to: right, or wrong (with the tries left today, and the lock when it just locked). */
export type CodeCheck = { right: true } | { right: false; left: number; lockedUntil: Date | null; justLocked: boolean };

/**
 * A pickup order's code checked at the hand-over (docs/product.md#store-pickup), on its row locked by the caller. A
 * locked hand-over compares nothing. A wrong code is counted in the same transaction, so tries racing each other
 * count one by one; the 5th since the order was made ready (or since its last lock) locks the hand-over until the
 * shop's next day. Four digits tried 5 a day for the 3 days an order waits: 15 of 10,000 codes at most.
 */
export async function checkPickupCode(tx: Tx, order: OrderRow, code: string, key: Buffer, now: Date): Promise<CodeCheck> {
  if (order.pickupLockedUntil && order.pickupLockedUntil > now) return { right: false, left: 0, lockedUntil: order.pickupLockedUntil, justLocked: false };
  if (order.pickupCodeSalt !== null && pickupCodeMatches(key, order.id, order.pickupCodeSalt, code)) return { right: true };
  const wrong = order.pickupWrongCodes + 1;
  const lockedUntil = wrong >= PICKUP_WRONG_CODES_TO_LOCK ? nextShopDay(now) : null;
  await tx
    .update(orders)
    .set({ pickupWrongCodes: lockedUntil ? 0 : wrong, pickupLockedUntil: lockedUntil })
    .where(eq(orders.id, order.id));
  return { right: false, left: lockedUntil ? 0 : PICKUP_WRONG_CODES_TO_LOCK - wrong, lockedUntil, justLocked: lockedUntil !== null };
}

/** India Standard Time is UTC+05:30 all year (no daylight saving): the shop's days begin at its midnight. */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The start of the shop's next day after `now`. */
export function nextShopDay(now: Date): Date {
  return new Date((Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - IST_OFFSET_MS);
}

/** The wrong code's answer: 422 with the tries left today, or 429 once the hand-over is locked. */
export function codeRefused(orderId: string, check: Extract<CodeCheck, { right: false }>): AppError {
  if (check.lockedUntil)
    return new AppError(
      429,
      ErrorCode.PickupLocked,
      `Order ${orderId} was given too many wrong pickup codes today: its hand-over is locked until tomorrow, and the admins were told.`,
      { lockedUntil: check.lockedUntil.toISOString() },
    );
  const message =
    check.left === 1
      ? `That is not the pickup code of order ${orderId}; ${check.left} more try today.`
      : `That is not the pickup code of order ${orderId}; ${check.left} more tries today.`;
  return new AppError(422, ErrorCode.PickupCodeWrong, message, {
    attemptsLeft: check.left,
    fields: ['code'],
  });
}
