import type { Totals } from '@haat/shared/money/pricing';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { useDeviceQuery, type CartLine } from '../../../lib/storage/device-store';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { byAddedAt, cartTotals } from '../cart-lines';

export interface CartView {
  lines: CartLine[];
  totals: Totals;
  /** Lines (cartLineKey) with a change the server has not acknowledged yet ("waiting for network"). */
  waiting: ReadonlySet<string>;
  loaded: boolean;
}

const EMPTY: CartLine[] = [];

/** The cart as IndexedDB holds it, live: what the shopper did, synced or not. */
export function useCart(): CartView {
  const state = useDeviceQuery(
    async (db) => {
      const [lines, queued] = await Promise.all([db.cart.toArray(), outboxFacade.pending('cart.sync')]);
      const waiting = new Set(queued.flatMap((e) => e.body.items.map((i) => cartLineKey(i.productId, i.variantId))));
      return { lines: lines.sort(byAddedAt), waiting };
    },
    [],
    { now: true },
  );
  const lines = state?.lines ?? EMPTY;
  return { lines, totals: cartTotals(lines), waiting: state?.waiting ?? new Set(), loaded: state !== undefined };
}
