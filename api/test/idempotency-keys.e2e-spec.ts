import { eq } from 'drizzle-orm';
import { replacementKey } from '@haat/shared/common/idempotency-key';
import { orders } from '../src/orders/orders.table.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, stockOf, type Shop } from './order-fixtures.js';
import { StripeStandIn } from './stripe-stand-in.js';

/**
 * An Idempotency-Key means one request. The routes that take the header are
 * POST /api/order/cash-on-delivery, POST /api/order/checkout and PUT /api/cart/sync (its own test
 * is in cart.e2e-spec.ts). The same key with the same body replays the first answer; with another
 * body it is refused with 422, as Stripe does, and nothing more is ordered or taken from stock.
 */
describe.each(DB_KINDS)('Idempotency-Key reuse on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: string;
  let shop: Shop;

  beforeAll(async () => {
    stripe = new StripeStandIn();
    const base = await stripe.start();
    t = await startApp(kind, {
      STRIPE_SECRET_KEY: 'sk_test_haat_0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_haat_0123456789',
      STRIPE_API_BASE: base,
      PUBLIC_URL: 'https://shop.test',
    });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });

  async function shopper() {
    const c = await newCustomer(t, 'Idris');
    return { ...c, addressId: await addAddress(t, c.id), otherAddressId: await addAddress(t, c.id, { city: 'Mysuru' }) };
  }
  const body = (addressId: string, product: { _id: string }, quantity: number, price = 100) => ({
    list_items: [line(product, quantity)],
    totalAmt: price * quantity,
    addressId,
    address: addressId,
  });
  const post = (path: 'cash-on-delivery' | 'checkout', token: string, key: string, payload: object) =>
    api(t).post(`/api/order/${path}`).set(bearer(token)).set('Idempotency-Key', key).send(payload);
  const ordersOf = async (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
  const expectReused = (res: { status: number; body: Record<string, unknown> }) => {
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, error: true, code: 'IDEMPOTENCY_KEY_REUSED', fields: ['Idempotency-Key'] });
    expect(res.body.message).toMatch(/Idempotency-Key.*different request/);
  };

  it('cash on delivery: the same body replays the order; qty 5 instead of 1, another address or another product with the key is a 422', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 20 });
    const q = await addProduct(t, admin, shop, { price: 100, stock: 20 });
    const first = await post('cash-on-delivery', c.token, 'cod-key-000001', body(c.addressId, p, 1));
    expect(first.status).toBe(201);

    const replay = await post('cash-on-delivery', c.token, 'cod-key-000001', body(c.addressId, p, 1));
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.orderId).toBe(first.body.data.orderId);

    expectReused(await post('cash-on-delivery', c.token, 'cod-key-000001', body(c.addressId, p, 5)));
    expectReused(await post('cash-on-delivery', c.token, 'cod-key-000001', body(c.otherAddressId, p, 1)));
    expectReused(await post('cash-on-delivery', c.token, 'cod-key-000001', body(c.addressId, q, 1)));
    // The key is one request whatever the route: a card checkout cannot reuse it either.
    expectReused(await post('checkout', c.token, 'cod-key-000001', body(c.addressId, p, 1)));

    expect(await ordersOf(c.id)).toHaveLength(1);
    expect(await stockOf(t, p._id)).toBe(19);
    expect(await stockOf(t, q._id)).toBe(20);
  });

  it('cash on delivery: concurrent requests with one key and two bodies store one order; the others replay it or are refused', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 50 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('cash-on-delivery', c.token, 'cod-key-race01', body(c.addressId, p, i % 2 ? 1 : 2))),
    );
    const stored = await ordersOf(c.id);
    expect(stored).toHaveLength(1);
    const winner = stored[0]!;
    for (const res of results) {
      if (res.status === 201) expect(res.body.data.orderId).toBe(winner.id);
      else expectReused(res);
      if (res.status === 201) expect(res.body.data.quantity).toBe(winner.quantity);
    }
    expect(await stockOf(t, p._id)).toBe(50 - winner.quantity);
  });

  it('a cancelled card order\'s two "Pay on delivery instead" at once (two tabs) make one order; "Try again" after it makes none', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 10 });
    const card = await post('checkout', c.token, 'card-key-cancelled', body(c.addressId, p, 2));
    expect(card.status).toBe(201);
    const cancelledId = card.body.data.orderId as string;
    expect((await api(t).post('/api/order/checkout/cancel').set(bearer(c.token)).send({ orderId: cancelledId })).status).toBe(200);
    // Each tab's page derives its key from the cancelled order, as the PWA does (pwa/src/features/checkout/components/payment-retry.tsx).
    const tab = () => replacementKey(cancelledId);
    const [a, b] = await Promise.all([0, 1].map(() => post('cash-on-delivery', c.token, tab(), body(c.addressId, p, 2))));
    expect([a!.status, b!.status]).toEqual([201, 201]);
    expect(a!.body.data.orderId).toBe(b!.body.data.orderId);
    expectReused(await post('checkout', c.token, tab(), body(c.addressId, p, 2)));
    const live = (await ordersOf(c.id)).filter((o) => o.id !== cancelledId && o.status !== 'CANCELLED');
    expect(live).toHaveLength(1);
    expect(await stockOf(t, p._id)).toBe(8);
  });

  it('card checkout: the same body answers the first session; another quantity or a cash-on-delivery reuse is a 422', async () => {
    const c = await shopper();
    const p = await addProduct(t, admin, shop, { price: 100, stock: 10 });
    const before = stripe.creates().length;
    const first = await post('checkout', c.token, 'card-key-00001', body(c.addressId, p, 1));
    expect(first.status).toBe(201);
    const again = await post('checkout', c.token, 'card-key-00001', body(c.addressId, p, 1));
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);

    expectReused(await post('checkout', c.token, 'card-key-00001', body(c.addressId, p, 2)));
    expectReused(await post('cash-on-delivery', c.token, 'card-key-00001', body(c.addressId, p, 1)));
    expect(stripe.creates()).toHaveLength(before + 1);
    expect(await ordersOf(c.id)).toHaveLength(1);
    expect(await stockOf(t, p._id)).toBe(9);
  });
});
