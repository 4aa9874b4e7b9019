import { z } from 'zod';
import { Id } from '../common/fields.js';

/**
 * Store pickup (docs/product.md#store-pickup): the rules both sides read. A pickup order ready at its store waits
 * PICKUP_KEEP_DAYS for its shopper; then the clock cancels it and its stock returns to the shelf. Its hand-over asks
 * for its 4-digit code; PICKUP_WRONG_CODES_TO_LOCK wrong ones lock the hand-over until the shop's next day.
 */
export const PICKUP_KEEP_DAYS = 3;
export const PICKUP_WRONG_CODES_TO_LOCK = 5;

/** When a pickup order made ready at `readyAt` is cancelled if it is not collected. */
export function collectBy(readyAt: Date): Date {
  return new Date(readyAt.getTime() + PICKUP_KEEP_DAYS * 86_400_000);
}

/** POST /api/store/queue/hand-over: an admin (or the store's queue, naming its `storeId`) hands a ready pickup order over against its code. */
export const HAND_OVER_PATH = 'store/queue/hand-over';

export const HandOverBody = z.object({
  orderId: Id,
  code: z.string({ error: 'must be the 4-digit pickup code' }).regex(/^\d{4}$/, { error: 'must be the 4-digit pickup code' }),
  /** The store whose queue hands it over: the order must be that store's (another store's answers 404). */
  storeId: Id.optional(),
});
export type HandOverBody = z.infer<typeof HandOverBody>;
