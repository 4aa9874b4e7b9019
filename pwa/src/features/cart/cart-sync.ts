import { db } from '../../lib/storage/db';
import { outboxFacade } from '../../lib/storage/outbox-facade';
import { cartLineKeysOf, type QueuedWrite } from '../../lib/storage/outbox-ops';
import { toast } from '../../lib/ui/toast';
import { cartApi, type CartEnvelope } from './api';
import { lineFromServer, mergeQuantities, overlayPending } from './cart-lines';
import { announceCartChanges } from './cart-notices';

/**
 * Cart lines whose last queued write is an order: the server drops them from its cart once the order
 * lands, so the device shows them gone already (unless the shopper added them again afterwards).
 */
function takenByQueuedOrder(queued: ReadonlyArray<QueuedWrite<'cart.sync' | 'order.cod'>>): Set<string> {
  const last = new Map<string, string>();
  for (const e of queued) for (const key of cartLineKeysOf(e)) last.set(key, e.op);
  return new Set([...last].filter(([, op]) => op === 'order.cod').map(([id]) => id));
}

/**
 * Replaces the device's cart with the server's answer, keeping changes still queued (`except` are the
 * entries this answer already includes). Runs inside a transaction over cart and outbox.
 */
async function adoptServerCart(answer: CartEnvelope, except: ReadonlySet<string> = new Set()): Promise<void> {
  const current = await db.cart.toArray();
  const known = new Map(current.map((l) => [l.key, l]));
  const queued = await outboxFacade.pending(['cart.sync', 'order.cod'], { except });
  const pending = queued.filter((e): e is QueuedWrite<'cart.sync'> => e.op === 'cart.sync');
  const taken = takenByQueuedOrder(queued);
  const lines = overlayPending((answer.data ?? []).map(lineFromServer), pending, known).filter((l) => !taken.has(l.key));
  await db.cart.clear();
  await db.cart.bulkPut(lines);
  announceCartChanges(answer.changes ?? [], known, lines);
}

/**
 * GET /api/cart/get into IndexedDB (on sign-in, on start, after an order). A sync answered while this read was on its
 * way brought a newer server cart, with the change it sent, which has left the outbox: this older answer would take that
 * change back off the screen (an Add turning back into Add), so it is dropped.
 */
export async function reloadCart(): Promise<void> {
  const before = outboxFacade.acknowledged('cart.sync');
  const answer = await cartApi.get();
  await outboxFacade.transaction([db.cart], async () => {
    if (outboxFacade.acknowledged('cart.sync') === before) await adoptServerCart(answer);
  });
}

/** Cart changes go out as one PUT /api/cart/sync per run of queued changes, keyed by the last one. */
export function registerCartSync(): void {
  outboxFacade.register<'cart.sync', CartEnvelope>('cart.sync', {
    batch: true,
    send: (entries) => cartApi.sync(mergeQuantities(entries), entries.at(-1)!.key),
    tables: [db.cart],
    settle: (entries, answer) => adoptServerCart(answer, new Set(entries.map((e) => e.key))),
    reject: async (entries, problem) => {
      // A refused sync (a malformed line) cannot succeed by resending: drop it, show the server's cart.
      toast.error(problem.message);
      await outboxFacade.discard(entries.map((e) => e.key));
      await reloadCart().catch(() => undefined);
      return false;
    },
  });
}
