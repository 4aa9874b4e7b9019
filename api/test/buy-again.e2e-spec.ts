import { api, bearer, DB_KINDS, newCustomer, startWithUsers, type TestApp } from './harness.js';
import { addAddress, addProduct, deleteProduct, setStock } from './accounts-fixtures.js';
import { eq } from 'drizzle-orm';
import { products } from '../src/catalog/products.table.js';
import { line } from './order-fixtures.js';

/**
 * Buy again and Order again (docs/product.md#buy-again-and-order-again): the products of a shopper's delivered orders,
 * most often then most recently delivered first, at today's price and stock; an order back into the cart by the
 * cart's rules, saying what was left out and what costs something else now.
 */
describe.each(DB_KINDS)('buy again on %s', (kind) => {
  let t: TestApp, admin: string;
  beforeAll(async () => void ({ t, admin } = await startWithUsers(kind)));
  afterAll(() => t.close());

  type Shopper = Awaited<ReturnType<typeof newCustomer>> & { address: string };
  const shopper = async (): Promise<Shopper> => {
    const c = await newCustomer(t);
    return { ...c, address: await addAddress(t, c.token) };
  };
  const update = async (body: Record<string, unknown>) => {
    const res = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send(body);
    expect(res.status).toBe(200);
  };
  /** A cash order of these products (product, units), moved to `stage` by the admin (placed when none). */
  async function order(c: Shopper, lines: Array<[{ _id: string; name: string; price: number }, number]>, stage?: string): Promise<string> {
    const totalAmt = lines.reduce((sum, [p, q]) => sum + p.price * q, 0);
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: lines.map(([p, q]) => line(p, q)), totalAmt, addressId: c.address });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    if (stage) expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: stage })).status).toBe(200);
    return orderId;
  }
  // The admin's screens have no unpublish: as the search tests do, the row is written.
  const unpublish = (id: string) => t.db.update(products).set({ publish: false, updatedAt: new Date() }).where(eq(products.id, id));
  const product = async (price: number, stock = 50, name?: string) => ({ ...(await addProduct(t, admin, { price, stock, name })), price });
  const buyAgain = (token: string) => api(t).get('/api/order/buy-again').set(bearer(token));
  const orderAgain = (token: string, orderId: string, key: string) =>
    api(t).post('/api/order/order-again').set(bearer(token)).set('Idempotency-Key', key).send({ orderId });

  it('ranks by delivered orders holding it, then by the latest delivery, and ignores orders not delivered', async () => {
    const c = await shopper();
    const [rice, dal, tea, soap, onTheWay] = await Promise.all([product(80), product(120), product(60), product(40), product(30)]);
    await order(
      c,
      [
        [rice, 1],
        [dal, 1],
      ],
      'DELIVERED',
    );
    await order(c, [[tea, 1]], 'DELIVERED');
    await order(
      c,
      [
        [dal, 2],
        [soap, 1],
      ],
      'DELIVERED',
    );
    await order(c, [[rice, 1]], 'DELIVERED');
    // Placed, shipped and cancelled orders count for nothing, however often they hold a product.
    await order(c, [
      [onTheWay, 1],
      [tea, 1],
    ]);
    await order(
      c,
      [
        [onTheWay, 1],
        [tea, 1],
      ],
      'SHIPPED',
    );
    await order(
      c,
      [
        [onTheWay, 1],
        [tea, 1],
      ],
      'CANCELLED',
    );

    const res = await buyAgain(c.token);
    expect(res.status).toBe(200);
    const shown = res.body.data.products as Array<{ _id: string; orders: number; price: number; stock: number; inStock: boolean; variant: unknown }>;
    // rice and dal in two delivered orders each: rice delivered last; then soap (third order) before tea (second).
    expect(shown.map((p) => [p._id, p.orders])).toEqual([
      [rice._id, 2],
      [dal._id, 2],
      [soap._id, 1],
      [tea._id, 1],
    ]);
    expect(shown[0]).toMatchObject({ price: 80, discount: 0, stock: 48, inStock: true, variant: null, maxPerOrder: 10 });

    // Another shopper has none; a guest is asked to sign in.
    expect((await buyAgain((await newCustomer(t)).token)).body.data.products).toEqual([]);
    expect((await api(t).get('/api/order/buy-again')).status).toBe(401);
  });

  it("shows today's price and a sold-out product as such, and leaves out what is no longer sold", async () => {
    const c = await shopper();
    const [dearer, soldOut, hidden, deleted] = await Promise.all([product(100), product(50), product(70), product(90)]);
    await order(
      c,
      [
        [dearer, 1],
        [soldOut, 1],
        [hidden, 1],
        [deleted, 1],
      ],
      'DELIVERED',
    );
    await update({ _id: dearer._id, price: 130 });
    await setStock(t, admin, soldOut._id, 0);
    await unpublish(hidden._id);
    await deleteProduct(t, admin, deleted._id);

    const shown = (await buyAgain(c.token)).body.data.products as Array<{ _id: string; price: number; stock: number; inStock: boolean }>;
    expect(shown.map((p) => [p._id, p.price, p.stock, p.inStock]).sort()).toEqual(
      [
        [dearer._id, 130, 49, true],
        [soldOut._id, 50, 0, false],
      ].sort(),
    );
  });

  it('puts an order back in the cart, saying what was left out and why, and what costs something else now', async () => {
    const c = await shopper();
    const [same, dearer, cheaper, short, limited, soldOut, gone, inCart] = await Promise.all([
      product(100, 50, 'Same Rice'),
      product(200, 50, 'Dearer Dal'),
      product(300, 50, 'Cheaper Ghee'),
      product(40, 50, 'Short Soap'),
      product(20, 50, 'Limited Salt'),
      product(60, 50, 'Sold-out Tea'),
      product(10, 50, 'Gone Gum'),
      product(15, 50, 'Held Chips'),
    ]);
    const orderId = await order(
      c,
      [
        [same, 2],
        [dearer, 1],
        [cheaper, 1],
        [short, 3],
        [limited, 2],
        [soldOut, 1],
        [gone, 1],
        [inCart, 2],
      ],
      'DELIVERED',
    );
    await update({ _id: dearer._id, price: 250 });
    await update({ _id: cheaper._id, discount: 10 });
    await setStock(t, admin, short._id, 2);
    await update({ _id: limited._id, maxPerOrder: 3 });
    await setStock(t, admin, soldOut._id, 0);
    await unpublish(gone._id);
    // Two of the limited salt already in the cart: one more fits under its limit of 3.
    expect((await api(t).post('/api/cart/create').set(bearer(c.token)).send({ productId: limited._id })).status).toBe(201);
    expect((await api(t).post('/api/cart/create').set(bearer(c.token)).send({ productId: limited._id })).status).toBe(201);

    const res = await orderAgain(c.token, orderId, 'again-1');
    expect(res.status).toBe(200);
    const quantities = Object.fromEntries((res.body.data as Array<{ productId: { _id: string }; quantity: number }>).map((l) => [l.productId._id, l.quantity]));
    expect(quantities).toEqual({ [same._id]: 2, [dearer._id]: 1, [cheaper._id]: 1, [short._id]: 2, [limited._id]: 3, [inCart._id]: 2 });
    expect(res.body.totals.quantityTotal).toBe(11);
    const left = (res.body.left as Array<{ productId: string; name: string; reason: string; ordered: number; added: number }>).map((l) => [
      l.name,
      l.reason,
      l.ordered,
      l.added,
    ]);
    expect(left).toEqual([
      ['Short Soap', 'clamped', 3, 2],
      ['Limited Salt', 'limited', 2, 1],
      ['Sold-out Tea', 'out_of_stock', 1, 0],
      ['Gone Gum', 'product_gone', 1, 0],
    ]);
    // In paise: 200 → 250; 300 less 10 % = 270.
    expect(res.body.changed).toEqual([
      { productId: dearer._id, variantId: null, name: 'Dearer Dal', was: 20000, now: 25000 },
      { productId: cheaper._id, variantId: null, name: 'Cheaper Ghee', was: 30000, now: 27000 },
    ]);

    // The same key again is the same answer and adds nothing; the cart route shows the same cart.
    const replay = await orderAgain(c.token, orderId, 'again-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.left).toEqual(res.body.left);
    expect((await api(t).get('/api/cart/get').set(bearer(c.token))).body.totals.quantityTotal).toBe(11);

    // A new key adds again, up to each product's stock and limit (short soap has no more; the rest stop at their limit).
    const again = await orderAgain(c.token, orderId, 'again-2');
    const after = Object.fromEntries((again.body.data as Array<{ productId: { _id: string }; quantity: number }>).map((l) => [l.productId._id, l.quantity]));
    expect(after).toMatchObject({ [same._id]: 4, [short._id]: 2, [limited._id]: 3, [inCart._id]: 4 });
    expect(again.body.left.map((l: { name: string; reason: string }) => `${l.name}:${l.reason}`)).toEqual(
      expect.arrayContaining(['Short Soap:clamped', 'Limited Salt:limited']),
    );
  });

  it("answers 404 for another shopper's order, refuses a key reused for another order, and asks for a key and a guest's sign-in", async () => {
    const c = await shopper();
    const other = await shopper();
    const p = await product(25);
    const mine = await order(c, [[p, 1]], 'DELIVERED');
    const mineToo = await order(c, [[p, 1]], 'DELIVERED');
    const theirs = await order(other, [[p, 1]], 'DELIVERED');
    const stranger = await orderAgain(c.token, theirs, 'k-1');
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Order not found.');
    expect((await orderAgain(c.token, 'HTNOSUCH0', 'k-2')).status).toBe(404);
    expect((await api(t).get('/api/cart/get').set(bearer(c.token))).body.data).toEqual([]);

    expect((await orderAgain(c.token, mine, 'k-3')).status).toBe(200);
    const reused = await orderAgain(c.token, mineToo, 'k-3');
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const keyless = await api(t).post('/api/order/order-again').set(bearer(c.token)).send({ orderId: mine });
    expect(keyless.status).toBe(400);
    const bad = await api(t).post('/api/order/order-again').set(bearer(c.token)).set('Idempotency-Key', 'k-4').send({});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/orderId/);
    const hindi = await api(t)
      .post('/api/order/order-again')
      .set(bearer(c.token))
      .set('Accept-Language', 'hi-IN')
      .set('Idempotency-Key', 'k-5')
      .send({ orderId: theirs });
    expect(hindi.status).toBe(404);
    expect(hindi.body.message).not.toBe('Order not found.');
    expect((await api(t).post('/api/order/order-again').set('Idempotency-Key', 'k-6').send({ orderId: mine })).status).toBe(401);
  });
});
