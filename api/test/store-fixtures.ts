import { and, eq, isNull, sql } from 'drizzle-orm';
import { newId } from '../src/common/ids.js';
import { inventoryLevels, productVariants, stockMovements } from '../src/inventory/inventory.table.js';
import { storeUnits } from '../src/inventory/store-units.table.js';
import { storePincodes, stores } from '../src/stores/stores.table.js';
import { JobWorker } from '../src/jobs/index.js';
import { jobs } from '../src/jobs/jobs.table.js';
import { orders } from '../src/orders/orders.table.js';
import type { TestApp } from './harness.js';

/**
 * Dark stores for the promise's and express orders' tests, written straight into their tables (the store
 * routes are another module's and not what these tests are about): a store, the pincodes it serves, and its
 * pool of a unit with an `initial` ledger row, as the inventory keeps every pool.
 */

let counter = 0;

export async function openStore(
  t: TestApp,
  input: { pincode: string; serves: string[]; minutes?: number; open?: boolean; name?: string },
): Promise<{ id: string; name: string }> {
  const id = newId();
  const name = input.name ?? `Dark store ${Date.now().toString(36)}${(counter++).toString(36)}`;
  await t.db.insert(stores).values({
    id,
    name,
    address: '12, 80 Feet Road, Koramangala',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: input.pincode,
    promiseMinutes: input.minutes ?? 10,
    open: input.open ?? true,
  });
  if (input.serves.length) await t.db.insert(storePincodes).values(input.serves.map((pincode) => ({ pincode, storeId: id })));
  return { id, name };
}

export async function setStoreOpen(t: TestApp, storeId: string, open: boolean): Promise<void> {
  await t.db.update(stores).set({ open }).where(eq(stores.id, storeId));
}

/** The store's pool of a product's unit (its default row, or the option named) with `units` on the shelf; returns the pool's id. */
export async function stockStore(t: TestApp, storeId: string, productId: string, units: number, variantId: string | null = null): Promise<string> {
  const [row] = await t.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), variantId === null ? eq(productVariants.isDefault, true) : eq(productVariants.id, variantId)));
  if (!row) throw new Error(`no unit of ${productId}`);
  const levelId = newId();
  await t.db.insert(inventoryLevels).values({ id: levelId, onHand: units, reserved: 0, storeId });
  await t.db.insert(storeUnits).values({ storeId, variantId: row.id, inventoryLevelId: levelId });
  await t.db.insert(stockMovements).values({ inventoryLevelId: levelId, variantId: row.id, reason: 'initial', onHandDelta: units });
  return levelId;
}

/** A store pool's figures. */
export async function poolOf(t: TestApp, levelId: string): Promise<{ onHand: number; reserved: number; available: number }> {
  const [row] = await t.db
    .select({ onHand: inventoryLevels.onHand, reserved: inventoryLevels.reserved, available: inventoryLevels.available })
    .from(inventoryLevels)
    .where(eq(inventoryLevels.id, levelId));
  if (!row) throw new Error(`no pool ${levelId}`);
  return row;
}

/** The ledger rows of an order, per pool. */
export async function ledgerOf(t: TestApp, orderId: string) {
  return t.db
    .select({
      levelId: stockMovements.inventoryLevelId,
      reason: stockMovements.reason,
      onHand: stockMovements.onHandDelta,
      reserved: stockMovements.reservedDelta,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), isNull(stockMovements.adminId)));
}

/**
 * Time passes for a pickup order's clock (docs/architecture.md#jobs): the order was made ready `readyMsAgo` ago (its
 * history's ready entry moved back, as the days would have), and its clock's job, queued with the move to ready, is
 * due now; the job queue's worker runs it as it runs every job. Answers the order's clock jobs after the run.
 */
export async function pickupClockRuns(t: TestApp, orderId: string, readyMsAgo: number) {
  const [order] = await t.db.select({ statusHistory: orders.statusHistory }).from(orders).where(eq(orders.id, orderId));
  const at = new Date(Date.now() - readyMsAgo).toISOString();
  const history = order!.statusHistory.map((h) => (h.status === 'READY_FOR_PICKUP' ? { ...h, updatedAt: at } : h));
  await t.db.update(orders).set({ statusHistory: history }).where(eq(orders.id, orderId));
  const clock = and(eq(jobs.kind, 'pickup-expiry'), sql`${jobs.payload}->>'orderId' = ${orderId}`);
  await t.db
    .update(jobs)
    .set({ dueAt: sql`now()` })
    .where(and(clock, eq(jobs.state, 'queued')));
  await t.app.get(JobWorker).idle();
  return t.db.select().from(jobs).where(clock);
}
