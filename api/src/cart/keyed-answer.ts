import { and, eq, lt } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { Db } from '../db/database.js';
import { AppError } from '../common/app-error.js';
import { cartSyncResults } from './cart-sync-results.table.js';

/** Answers of keyed cart writes are kept this long: far longer than any outbox waits to be flushed. */
const KEPT_MS = 7 * 24 * 60 * 60_000;

/**
 * A cart write keyed by the client's Idempotency-Key (a sync, an Order again), in the caller's transaction: the
 * first request with a (user, key) runs `write` and its answer is kept with the key; the same key again answers
 * the kept answer and changes nothing; the same key with another request (`requestHash`) is refused (422), as it
 * cannot be a replay.
 */
export async function keyedCartWrite<Answer extends object>(
  tx: Db,
  userId: string,
  key: string,
  requestHash: string,
  write: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const [claimed] = await tx.insert(cartSyncResults).values({ userId, key, requestHash }).onConflictDoNothing().returning({ key: cartSyncResults.key });
  if (!claimed) {
    const [prior] = await tx
      .select()
      .from(cartSyncResults)
      .where(and(eq(cartSyncResults.userId, userId), eq(cartSyncResults.key, key)));
    if (!prior || prior.requestHash !== requestHash || !prior.response) {
      throw new AppError(
        422,
        ErrorCode.IdempotencyKeyReused,
        'Idempotency-Key: this key was already used for a different cart. Send a new key with a new sync.',
        {
          fields: ['Idempotency-Key'],
        },
      );
    }
    return { ...(prior.response as Answer), replayed: true };
  }
  const answer = await write();
  await tx
    .update(cartSyncResults)
    .set({ response: answer })
    .where(and(eq(cartSyncResults.userId, userId), eq(cartSyncResults.key, key)));
  await tx.delete(cartSyncResults).where(and(eq(cartSyncResults.userId, userId), lt(cartSyncResults.createdAt, new Date(Date.now() - KEPT_MS))));
  return { ...answer, replayed: false };
}
