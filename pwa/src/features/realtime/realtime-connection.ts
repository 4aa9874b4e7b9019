import { getDefaultStore } from 'jotai';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, NewOrderEvent, OrderStatusEvent, ServerToClientEvents } from '@haat/shared/orders/order-events';
import { openStorage } from '../../lib/storage/device-store';
import { http } from '../../lib/http/http';
import { userAtom } from '../../lib/http/session';
import { tokens } from '../../lib/http/tokens';
import { reloadOrders } from '../../lib/storage/order-store';
import { countNewOrder } from './new-orders-counter';
import { renewSocketAuth } from './socket-renewal';
import { createRealtimeHandlers } from './realtime-handlers';
import { applyOrderStatus, newOrderNotice } from './realtime-events';
import { invalidate } from '../../lib/query/query-client';
import { adminKeys } from '../../lib/query/admin-keys';
import { queryKeys } from '../../lib/query/query-keys';

const store = getDefaultStore();
type HaatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: HaatSocket | null = null;
let owner: string | null = null;
let stopRenewal: (() => void) | null = null;

/** Writes to the stored orders run one after another: a reload's answer never overwrites an event's newer stage. */
let storedOrders: Promise<void> = Promise.resolve();
const inTurn = (work: () => Promise<void>) => {
  storedOrders = storedOrders.then(work).catch(() => undefined);
};

const handlers = createRealtimeHandlers({
  isAdmin: () => store.get(userAtom)?.role === 'ADMIN',
  countNewOrder,
  // The admin's order lists, the overview's figures and the stores' queues are read again (lib/query).
  refreshAdminOrders: () => {
    void invalidate(...adminKeys.orderLists());
    void invalidate(...adminKeys.overviews());
    void invalidate(...adminKeys.storeQueues());
  },
  notifyNewOrder: (event) => void showNewOrderNotification(event),
  updateStoredOrder: (event) => inTurn(() => updateStoredOrder(event)),
  reloadShopperOrders: () => inTurn(reloadOrders),
  askPromisesAgain: () => void invalidate(...queryKeys.promises()),
});

async function updateStoredOrder(event: OrderStatusEvent): Promise<void> {
  const db = await openStorage();
  const stored = await db.orders.get(event.orderId);
  // Not stored: a shopper's order from another device; an admin's events are mostly other people's orders.
  if (!stored) {
    if (store.get(userAtom)?.role !== 'ADMIN') await reloadOrders();
    return;
  }
  const next = applyOrderStatus(stored, event);
  if (next !== stored) await db.orders.put(next);
}

/** docs/product.md#states, Realtime: asks once, then shows the order id and total through the service worker (works on Android too). */
async function showNewOrderNotification(event: NewOrderEvent): Promise<void> {
  if (typeof Notification === 'undefined') return;
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return;
  const notice = newOrderNotice(event);
  const options: NotificationOptions = { body: notice.body, tag: `order-${notice.orderId}`, icon: '/icons/icon-192.png', data: { url: notice.url } };
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) await registration.showNotification(notice.title, options);
  else new Notification(notice.title, options);
}

/** A refused handshake means the access token expired: one authenticated call refreshes it, then we connect again. */
async function reconnectWithFreshToken(s: HaatSocket, refusedToken: string | null): Promise<void> {
  await http.get('user/user-details', { context: { silent: true }, retry: 0 }).catch(() => undefined);
  const token = tokens.access();
  if (socket === s && token && token !== refusedToken) s.connect();
}

/** One socket.io connection per signed-in session (docs/product.md#states, Realtime), its token read at every connect. */
export function startRealtime(): void {
  const user = store.get(userAtom);
  if (!user || !tokens.access()) return stopRealtime();
  if (owner === user._id) return; // open, or opening
  stopRealtime();
  owner = user._id;
  const forUser = owner;
  void import('socket.io-client').then(
    ({ io }) => {
      if (owner !== forUser || socket) return;
      let sentToken: string | null = null;
      const s: HaatSocket = io({
        // WebSocket first: any balancer passing Upgrade works without sticky sessions; long-polling only where it fails
        // (README, "Deploying past one machine").
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        auth: (cb) => {
          sentToken = tokens.access();
          cb({ token: sentToken ?? '' });
        },
      });
      socket = s;
      s.on('connect', handlers.connect);
      s.on('new-order', handlers['new-order']);
      s.on('order-status', handlers['order-status']);
      s.on('connect_error', (error) => {
        // The server refused the token: socket.io does not retry that on its own.
        if (!s.active && /unauthorized/i.test(error.message)) void reconnectWithFreshToken(s, sentToken);
      });
      // Each refreshed access token extends the open socket's life on the server (socket-renewal.ts).
      stopRenewal = renewSocketAuth(
        s,
        (listener) => tokens.onAccess(listener),
        (token) => {
          sentToken = token;
        },
      );
      // Its token expired before a refresh reached it: refresh and connect again (not when closed for too many sockets).
      let expired = false;
      s.on('socket-closed', ({ reason }) => {
        expired = reason === 'token-expired';
      });
      s.on('disconnect', (reason) => {
        if (reason !== 'io server disconnect' || !expired) return;
        expired = false;
        void reconnectWithFreshToken(s, sentToken);
      });
    },
    () => {
      if (owner === forUser && !socket) owner = null; // the chunk did not load (offline): the next screen tries again
    },
  );
}

/** Logout or another user: the session's socket closes (the New Orders count is the server's, not touched). */
export function stopRealtime(): void {
  stopRenewal?.();
  stopRenewal = null;
  socket?.disconnect();
  socket = null;
  owner = null;
}

store.sub(userAtom, () => {
  if (owner !== null && store.get(userAtom)?._id !== owner) stopRealtime();
});
