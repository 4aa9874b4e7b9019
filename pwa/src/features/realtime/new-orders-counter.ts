import { getDefaultStore } from 'jotai';
import type { Envelope } from '@haat/shared/common/envelope';
import { NEW_ORDERS_PATH, NEW_ORDERS_SEEN_PATH, type NewOrdersCount } from '@haat/shared/orders/new-orders';
import { http } from '../../lib/http/http';
import { userAtom } from '../../lib/http/session';
import { nextNewOrderCount } from './realtime-events';
import { newOrdersCountAtom } from './realtime-state';

const store = getDefaultStore();

/**
 * The admin's New Orders badge. The server keeps when this admin last opened Manage
 * Orders and counts the orders placed since, so the badge survives reloads and follows the admin across
 * devices; the socket's new-order events only make it move at once.
 *
 * Answers can cross: a count asked for before "seen" was stored may arrive after it, and two reads may
 * answer out of order or one of them fail. Every call takes a ticket; an answer is shown unless a newer
 * answer was shown already or "seen" came after it was asked for, and a count is only asked for once
 * "seen" is stored. (Showing only the latest call's answer lost a good count whenever a later read failed.)
 *
 * The count belongs to the signed-in admin (docs/product.md#states, New Orders count), not to the realtime
 * connection: only another session (sign-out, another account) clears it. (Clearing it when the socket first
 * opened blanked a count already read whenever the count's answer beat the lazily loaded socket code.)
 */
let ticket = 0;
/** The ticket of the last clearing ("seen", or another session: answers asked for before it are stale) and of the last answer shown. */
let clearedTicket = 0;
let shownTicket = 0;
let seenStoring: Promise<unknown> = Promise.resolve();

/** Reads the badge from the server (the dashboard opening, a new-order event). Offline it keeps what it shows. */
export async function refreshNewOrders(): Promise<void> {
  const mine = ++ticket;
  await seenStoring;
  try {
    const { data } = await http.get(NEW_ORDERS_PATH, { context: { silent: true } }).json<Envelope<NewOrdersCount>>();
    if (!data || mine < clearedTicket || mine < shownTicket) return;
    shownTicket = mine;
    store.set(newOrdersCountAtom, data.count);
  } catch {
    // offline, or the session ended: the badge keeps its number until the next read
  }
}

/** The admin opened Manage Orders (or moved an order there): 0 at once, and on the server for next time. */
export function markOrdersSeen(): Promise<void> {
  clearedTicket = ++ticket;
  store.set(newOrdersCountAtom, (n) => nextNewOrderCount(n, { type: 'opened-orders' }));
  // keepalive: leaving or reloading the page right away does not cancel it
  const storing = http.post(NEW_ORDERS_SEEN_PATH, { context: { silent: true }, keepalive: true }).catch(() => undefined);
  seenStoring = storing;
  return storing.then(() => undefined);
}

/** A new-order event: one more at once, then the server's count (which also covers events missed while away). */
export function countNewOrder(): void {
  store.set(newOrdersCountAtom, (n) => n + 1);
  void refreshNewOrders();
}

/** Whose count is shown: sign-out or another account starts from 0, and no answer asked for before is shown. */
let sessionUser = store.get(userAtom)?._id ?? null;
store.sub(userAtom, () => {
  const user = store.get(userAtom)?._id ?? null;
  if (user === sessionUser) return; // the same account's profile refreshed
  sessionUser = user;
  clearedTicket = ++ticket;
  store.set(newOrdersCountAtom, (n) => nextNewOrderCount(n, { type: 'signed-out' }));
});
