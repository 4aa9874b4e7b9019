import type { CartSyncRequest } from '@haat/shared/cart/cart.schema';
import type { CartItem } from '@haat/shared/cart/cart.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import type { CartLine } from '../../lib/storage/device-store';
import type { OutboxEntry } from '../../lib/storage/outbox';
import { outboxFacade } from '../../lib/storage/outbox-facade';
import { cartLines } from '../../lib/storage/device-collections';
import { adoptServerRows, refreshFromServer, rowsFor, type Stored } from '../../lib/storage/server-copy';
import { toast } from '../../lib/ui/toast';
import { cartApi, type CartEnvelope } from './api';
import { announceCartChanges } from './cart-notices';

/** A server cart line as the device keeps it (keyed by product and variant, cartLineKey). */
export function lineFromServer(item: CartItem): CartLine {
  const variantId = item.variantId ?? null;
  return {
    key: cartLineKey(item.productId._id, variantId),
    productId: item.productId._id,
    variantId,
    variant: item.variant ?? null,
    quantity: item.quantity,
    product: item.productId,
    lineId: item._id,
    addedAt: Date.parse(item.createdAt) || undefined,
  };
}

type SyncItem = { productId: string; variantId: string | null; quantity: number };

/** Several queued changes as one request: per product and variant, the shopper's last word wins. */
export function mergeQuantities(entries: ReadonlyArray<OutboxEntry<CartSyncRequest>>): SyncItem[] {
  const last = new Map<string, SyncItem>();
  for (const entry of entries) {
    // Entries queued before variants carry no variantId: the product itself.
    for (const { productId, variantId, quantity } of entry.body.items)
      last.set(cartLineKey(productId, variantId), { productId, variantId: variantId ?? null, quantity });
  }
  return [...last.values()];
}

const linesOf = (answer: CartEnvelope) => [rowsFor(cartLines, (answer.data ?? []).map(lineFromServer))];

/** Tells the shopper what the server changed (stock, prices) between the lines held before and after. */
function announce(answer: CartEnvelope, [cart]: Stored): void {
  const before = cart!.before as CartLine[];
  announceCartChanges(answer.changes ?? [], new Map(before.map((l) => [l.key, l])), cart!.after as CartLine[]);
}

/** GET /api/cart/get into IndexedDB (on sign-in, on start, after an order), through the one rule (server-copy.ts). */
export async function reloadCart(): Promise<void> {
  const { answer, stored } = await refreshFromServer(cartApi.get, linesOf);
  announce(answer, stored);
}

/** Cart changes go out as one PUT /api/cart/sync per run of queued changes, keyed by the last one. */
export function registerCartSync(): void {
  outboxFacade.register<'cart.sync', CartEnvelope>('cart.sync', {
    batch: true,
    send: (entries) => cartApi.sync(mergeQuantities(entries), entries.at(-1)!.key),
    tables: (db) => [db.cart],
    settle: async (entries, answer, db) => announce(answer, await adoptServerRows(db, linesOf(answer), new Set(entries.map((e) => e.key)))),
    reject: async (entries, problem) => {
      // A refused sync (a malformed line) cannot succeed by resending: drop it, show the server's cart.
      toast.error(problem.message);
      await outboxFacade.discard(entries.map((e) => e.key));
      await reloadCart().catch(() => undefined);
      return false;
    },
  });
}
