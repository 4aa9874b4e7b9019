import { api, bearer, DB_KINDS, newCustomer, startWithUsers, type TestApp } from './harness.js';
import { addProduct, deleteProduct, setStock } from './accounts-fixtures.js';

describe.each(DB_KINDS)('cart on %s', (kind) => {
  let t: TestApp, admin: string;
  beforeAll(async () => void ({ t, admin } = await startWithUsers(kind)));
  afterAll(() => t.close());

  const cart = (token: string) => api(t).get('/api/cart/get').set(bearer(token));
  const add = (token: string, productId: string) => api(t).post('/api/cart/create').set(bearer(token)).send({ productId });
  const sync = (token: string, key: string | null, items: unknown) => {
    const req = api(t).put('/api/cart/sync').set(bearer(token));
    if (key !== null) req.set('Idempotency-Key', key);
    return req.send({ items });
  };

  it('adds one; adding again raises the quantity; GET populates the product and prices each line by the shared rule', async () => {
    const c = await newCustomer(t);
    const p = await addProduct(t, admin, { price: 199, discount: 15, stock: 5 });
    const first = await add(c.token, p._id);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ quantity: 1, productId: { _id: p._id, maxPerOrder: 10 } });
    const second = await add(c.token, p._id);
    expect(second.body.data._id).toBe(first.body.data._id);
    expect(second.body.data.quantity).toBe(2);

    const res = await cart(c.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const line = res.body.data[0];
    expect(line.productId).toEqual({
      _id: p._id,
      name: p.name,
      image: [`${t.config.publicUrl}/uploads/p.webp`],
      unit: 'pack',
      price: 199,
      discount: 15,
      stock: 5,
      // The product's most per line: the PWA's stepper stops there before the tap.
      maxPerOrder: 10,
    });
    // 199 less ceil(29.85) = 169 each, two of them.
    expect(line.subTotalAmt).toBe(338);
    expect(res.body.totals).toEqual({ itemsTotal: 398, grandTotal: 338, savings: 60, quantityTotal: 2 });
  });

  it('answers 409 for a product out of stock, and for one more than the stock; 404 for an unknown product', async () => {
    const c = await newCustomer(t);
    const none = await addProduct(t, admin, { stock: 0 });
    const out = await add(c.token, none._id);
    expect(out.status).toBe(409);
    expect(out.body.message).toMatch(/out of stock/);
    const two = await addProduct(t, admin, { stock: 2 });
    expect((await add(c.token, two._id)).status).toBe(201);
    expect((await add(c.token, two._id)).status).toBe(201);
    const third = await add(c.token, two._id);
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(/Only 2/);
    expect((await cart(c.token)).body.data.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
    expect((await add(c.token, '01NOSUCHPRODUCT0000000000')).status).toBe(404);
    expect((await add(c.token, 'bad-id')).status).toBe(400);
  });

  it('update-qty sets the quantity, caps it at stock with a message, and 0 removes the line', async () => {
    const c = await newCustomer(t);
    const p = await addProduct(t, admin, { price: 50, stock: 4 });
    const id = (await add(c.token, p._id)).body.data._id;
    const three = await api(t).put('/api/cart/update-qty').set(bearer(c.token)).send({ _id: id, qty: 3 });
    expect(three.status).toBe(200);
    expect(three.body.data).toMatchObject({ quantity: 3, subTotalAmt: 150 });
    const capped = await api(t).put('/api/cart/update-qty').set(bearer(c.token)).send({ _id: id, qty: 9 });
    expect(capped.status).toBe(200);
    expect(capped.body.data.quantity).toBe(4);
    expect(capped.body.message).toMatch(/Only 4 .* quantity set to 4/);
    const bad = await api(t).put('/api/cart/update-qty').set(bearer(c.token)).send({ _id: id, qty: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContain('qty');
    const zero = await api(t).put('/api/cart/update-qty').set(bearer(c.token)).send({ _id: id, qty: 0 });
    expect(zero.status).toBe(200);
    expect((await cart(c.token)).body.data).toEqual([]);
    expect((await api(t).put('/api/cart/update-qty').set(bearer(c.token)).send({ _id: id, qty: 1 })).status).toBe(404);
  });

  it('delete-cart-item removes the line; a second delete is 404', async () => {
    const c = await newCustomer(t);
    const p = await addProduct(t, admin);
    const id = (await add(c.token, p._id)).body.data._id;
    expect((await api(t).delete('/api/cart/delete-cart-item').set(bearer(c.token)).send({ _id: id })).status).toBe(200);
    expect((await cart(c.token)).body.data).toEqual([]);
    expect((await api(t).delete('/api/cart/delete-cart-item').set(bearer(c.token)).send({ _id: id })).status).toBe(404);
  });

  it('sync sets absolute quantities, clamps to stock, drops what is out of stock or gone, and says why', async () => {
    const c = await newCustomer(t);
    const plenty = await addProduct(t, admin, { price: 10, stock: 10 });
    const few = await addProduct(t, admin, { price: 20, stock: 3 });
    const soldOut = await addProduct(t, admin, { price: 30, stock: 5 });
    const doomed = await addProduct(t, admin, { price: 40, stock: 5 });
    const untouched = await addProduct(t, admin, { price: 5, stock: 5 });
    const removed = await addProduct(t, admin, { price: 6, stock: 5 });
    await add(c.token, soldOut._id);
    await add(c.token, doomed._id);
    await add(c.token, untouched._id);
    await add(c.token, removed._id);
    await setStock(t, admin, soldOut._id, 0);
    await deleteProduct(t, admin, doomed._id);

    const res = await sync(c.token, 'sync-1', [
      { productId: plenty._id, quantity: 4 },
      { productId: few._id, quantity: 7 },
      { productId: soldOut._id, quantity: 2 },
      { productId: doomed._id, quantity: 1 },
      { productId: removed._id, quantity: 0 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual([
      { productId: few._id, variantId: null, reason: 'clamped', requested: 7, applied: 3 },
      { productId: soldOut._id, variantId: null, reason: 'out_of_stock', requested: 2, applied: 0 },
      { productId: doomed._id, variantId: null, reason: 'product_gone', requested: 1, applied: 0 },
    ]);
    const lines = Object.fromEntries(res.body.data.map((l: { productId: { _id: string }; quantity: number }) => [l.productId._id, l.quantity]));
    expect(lines).toEqual({ [plenty._id]: 4, [few._id]: 3, [untouched._id]: 1 });
    expect(res.body.totals).toMatchObject({ grandTotal: 4 * 10 + 3 * 20 + 5, quantityTotal: 8 });
    expect((await cart(c.token)).body.data).toEqual(res.body.data);
  });

  it('a repeated Idempotency-Key answers the first answer and changes nothing more; another body with it is refused', async () => {
    const c = await newCustomer(t);
    const p = await addProduct(t, admin, { stock: 10 });
    const q = await addProduct(t, admin, { stock: 10 });
    const items = [{ productId: p._id, quantity: 3 }];
    const first = await sync(c.token, 'key-A', items);
    expect(first.status).toBe(200);
    expect(first.body.replayed).toBe(false);
    // Meanwhile the shopper changes the cart online.
    await add(c.token, q._id);
    const lineId = first.body.data[0]._id;
    await api(t).put('/api/cart/update-qty').set(bearer(c.token)).send({ _id: lineId, qty: 5 });

    const replay = await sync(c.token, 'key-A', items);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.replayed).toBe(true);
    expect(replay.body.data).toEqual(first.body.data);
    expect(replay.body.changes).toEqual(first.body.changes);
    // The replay did not set the quantity back to 3.
    const now = (await cart(c.token)).body.data;
    expect(now.find((l: { _id: string }) => l._id === lineId).quantity).toBe(5);
    expect(now).toHaveLength(2);

    const reused = await sync(c.token, 'key-A', [{ productId: p._id, quantity: 1 }]);
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/Idempotency-Key/);
    expect((await cart(c.token)).body.data).toEqual(now);

    // Keys are per user: someone else's identical key is their own first request.
    const d = await newCustomer(t);
    const theirs = await sync(d.token, 'key-A', items);
    expect(theirs.body.replayed).toBe(false);
    expect(theirs.body.data.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
  });

  it('concurrent syncs with one key apply once and answer alike', async () => {
    const c = await newCustomer(t);
    const p = await addProduct(t, admin, { stock: 10 });
    const results = await Promise.all([1, 2, 3].map(() => sync(c.token, 'same-key', [{ productId: p._id, quantity: 2 }])));
    for (const r of results) expect(r.status).toBe(200);
    expect(results.filter((r) => r.body.replayed === false)).toHaveLength(1);
    for (const r of results) expect(r.body.data).toEqual(results[0]!.body.data);
  });

  it('sync requires the Idempotency-Key header and a valid body', async () => {
    const c = await newCustomer(t);
    const p = await addProduct(t, admin);
    const noKey = await sync(c.token, null, [{ productId: p._id, quantity: 1 }]);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toMatch(/Idempotency-Key/);
    const dup = await sync(c.token, 'k-dup', [
      { productId: p._id, quantity: 1 },
      { productId: p._id, quantity: 2 },
    ]);
    expect(dup.status).toBe(400);
    expect(dup.body.fields).toContain('items.1.productId');
    const neg = await sync(c.token, 'k-neg', [{ productId: p._id, quantity: -2 }]);
    expect(neg.status).toBe(400);
    expect(neg.body.fields).toContain('items.0.quantity');
    expect((await cart(c.token)).body.data).toEqual([]);
    const empty = await sync(c.token, 'k-empty', []);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ data: [], changes: [] });
  });
});
