import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server with the two idempotent writes the outbox sends: PUT /api/cart/sync (absolute
 * quantities) and POST /api/order/cash-on-delivery (one order per Idempotency-Key, like Haat's API).
 * `down` makes it drop connections, which is what a lost network looks like to fetch.
 */
export interface ShopServer {
  url: string;
  cart: Map<string, number>;
  orders: Array<{ orderId: string; key: string; items: unknown }>;
  /** Every write received, in arrival order: op and key. */
  log: Array<{ op: 'sync' | 'order'; key: string; body: unknown }>;
  down: boolean;
  close(): Promise<void>;
}

export async function startShopServer(): Promise<ShopServer> {
  const state: ShopServer = { url: '', cart: new Map(), orders: [], log: [], down: false, close: () => Promise.resolve() };
  const server = createServer((req, res) => {
    if (state.down) return req.socket.destroy();
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      const body = text ? JSON.parse(text) : {};
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url === '/api/cart/sync') {
        state.log.push({ op: 'sync', key, body });
        for (const { productId, quantity } of body.items as Array<{ productId: string; quantity: number }>) {
          if (quantity > 0) state.cart.set(productId, quantity);
          else state.cart.delete(productId);
        }
        return reply(200, { success: true, data: [...state.cart].map(([productId, quantity]) => ({ productId, quantity })) });
      }
      if (req.url === '/api/order/cash-on-delivery') {
        state.log.push({ op: 'order', key, body });
        if (body.totalAmt === 'stale') return reply(409, { success: false, error: true, message: 'Prices have changed.' });
        const existing = state.orders.find((o) => o.key === key);
        if (existing) return reply(200, { success: true, message: 'Order placed', data: existing });
        const order = { orderId: `OD${state.orders.length + 1}`, key, items: body.list_items };
        state.orders.push(order);
        return reply(201, { success: true, message: 'Order placed', data: order });
      }
      reply(404, { success: false, message: 'no route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
