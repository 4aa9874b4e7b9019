import { db } from '../../lib/db';
import type { Outbox, OutboxEntry } from '../../lib/outbox';
import { OUTBOX_OPS, type QueuedOrderBody } from '../../lib/outbox-ops';
import { toast } from '../../lib/toast';
import { cartApi, type CartEnvelope } from './api';
import { CART_SYNC_OP, lineFromServer, mergeQuantities, overlayPending, type CartSyncBody } from './cart-lines';
import { announceCartChanges } from './cart-notices';

/**
 * Products whose last queued write is an order: the server drops them from its cart once the order
 * lands, so the device shows them gone already (unless the shopper added them again afterwards).
 */
function takenByQueuedOrder(queued: OutboxEntry[]): Set<string> {
  const last = new Map<string, string>();
  for (const e of queued) {
    if (e.op === CART_SYNC_OP) for (const i of (e.body as CartSyncBody).items) last.set(i.productId, e.op);
    if (e.op === OUTBOX_OPS.cashOnDelivery) for (const l of (e.body as QueuedOrderBody).list_items) last.set(l.productId, e.op);
  }
  return new Set([...last].filter(([, op]) => op === OUTBOX_OPS.cashOnDelivery).map(([id]) => id));
}

/**
 * Replaces the device's cart with the server's answer, keeping changes still queued (`except` are the
 * entries this answer already includes). Runs inside a transaction over cart and outbox.
 */
async function adoptServerCart(answer: CartEnvelope, except: ReadonlySet<string> = new Set()): Promise<void> {
  const current = await db.cart.toArray();
  const known = new Map(current.map((l) => [l.productId, l]));
  const queued = (await db.outbox.orderBy('key').toArray()).filter((e) => !except.has(e.key) && !e.failed);
  const pending = queued.filter((e) => e.op === CART_SYNC_OP) as OutboxEntry<CartSyncBody>[];
  const taken = takenByQueuedOrder(queued);
  const lines = overlayPending((answer.data ?? []).map(lineFromServer), pending, known).filter((l) => !taken.has(l.productId));
  await db.cart.clear();
  await db.cart.bulkPut(lines);
  announceCartChanges(answer.changes ?? [], known, lines);
}

/** GET /api/cart/get into IndexedDB (on sign-in, on start, after an order). */
export async function reloadCart(): Promise<void> {
  const answer = await cartApi.get();
  await db.transaction('rw', db.cart, db.outbox, () => adoptServerCart(answer));
}

/** Cart changes go out as one PUT /api/cart/sync per run of queued changes, keyed by the last one. */
export function registerCartSync(outbox: Outbox): void {
  outbox.register<CartSyncBody, CartEnvelope>(CART_SYNC_OP, {
    batch: true,
    send: (entries) => cartApi.sync(mergeQuantities(entries), entries.at(-1)!.key),
    tables: [db.cart],
    settle: (entries, answer) => adoptServerCart(answer, new Set(entries.map((e) => e.key))),
    reject: async (entries, problem) => {
      // A refused sync (a malformed line) cannot succeed by resending: drop it, show the server's cart.
      toast.error(problem.message);
      await db.outbox.bulkDelete(entries.map((e) => e.key));
      await reloadCart().catch(() => undefined);
      return false;
    },
  });
}
