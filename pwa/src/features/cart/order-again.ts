import { ulid } from 'ulid';
import { getDefaultStore } from 'jotai';
import type { OrderAgainBody, OrderAgainChanged, OrderAgainLeft } from '@haat/shared/cart/order-again';
import { rupees, type Paise } from '@haat/shared/money/paise';
import { http } from '../../lib/http/http';
import { cartLines } from '../../lib/storage/device-collections';
import { refreshFromServer, rowsFor } from '../../lib/storage/server-copy';
import { formatMoney } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import type { CartEnvelope } from './api';
import { lineFromServer } from './cart-sync';
import { cartNoticesAtom } from './cart-notices';

export type OrderAgainEnvelope = CartEnvelope & { left?: OrderAgainLeft[]; changed?: OrderAgainChanged[] };

/** What Order again says of a line it did not put back in full (docs/product.md#buy-again-and-order-again). */
export function leftText(left: OrderAgainLeft): string {
  return i18n.t(`again:left.${left.reason}`, { name: left.name, added: left.added, ordered: left.ordered });
}

/** What it says of a line whose price moved since the order: both prices, from paise. */
export function changedText(changed: OrderAgainChanged): string {
  const words = { name: changed.name, was: formatMoney(rupees(changed.was as Paise)), now: formatMoney(rupees(changed.now as Paise)) };
  return i18n.t(changed.now > changed.was ? 'again:changed.up' : 'again:changed.down', words);
}

/**
 * Order again: the order's lines go into the cart on the server (by the cart's rules), the cart it answers is kept
 * on the device through the one rule, and what was left out or costs something else now stays on the cart and
 * checkout as notices until dismissed, so the shopper reads it before paying. Needs the network; one key per tap.
 */
export async function orderAgain(orderId: string): Promise<OrderAgainEnvelope> {
  const ask = () =>
    http
      .post('order/order-again', { json: { orderId } satisfies OrderAgainBody, headers: { 'idempotency-key': ulid() }, retry: 0, context: { silent: true } })
      .json<OrderAgainEnvelope>();
  const { answer } = await refreshFromServer(ask, (a) => [rowsFor(cartLines, (a.data ?? []).map(lineFromServer))]);
  const notes = [...(answer.left ?? []).map(leftText), ...(answer.changed ?? []).map(changedText)];
  if (notes.length > 0) getDefaultStore().set(cartNoticesAtom, (list) => [...list, ...notes].slice(-10));
  return answer;
}
