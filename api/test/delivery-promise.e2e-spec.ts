import { deliveryDateAfter } from '@haat/shared/addresses/delivery-zones';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addProduct, openShop, putInCart, type Shop } from './order-fixtures.js';
import { openStore, setStoreOpen, stockStore } from './store-fixtures.js';

/**
 * One promise per pincode (docs/product.md#delivery): GET /api/delivery/promise answers express when an open store
 * serves the pincode and its shelves hold the product (or every line of the cart), else the courier's date.
 */
describe.each(PORTABLE_DB_KINDS)('the delivery promise on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  const promise = (query: Record<string, string>, token?: string) => {
    const req = api(t).get('/api/delivery/promise').query(query);
    return token ? req.set(bearer(token)) : req;
  };
  // Bengaluru's zone: the courier the next day on the shop's calendar; the rest of the mainland in five.
  const courierIn = (days: number) => ({ kind: 'courier', date: deliveryDateAfter(days, new Date()) });

  it('a product: express from the store serving the pincode when it is on its shelves, else the courier’s date', async () => {
    const chips = await addProduct(t, admin, shop, { price: 20, stock: 50 });
    const earbuds = await addProduct(t, admin, shop, { price: 999, stock: 50 });
    const soldOut = await addProduct(t, admin, shop, { price: 30, stock: 50 });
    const store = await openStore(t, { pincode: '560034', serves: ['560034', '560095'], minutes: 12 });
    await stockStore(t, store.id, chips._id, 3);
    await stockStore(t, store.id, soldOut._id, 0);

    const served = await promise({ pincode: '560095', productId: chips._id });
    expect(served.status).toBe(200);
    expect(served.body.data).toEqual({ promise: { kind: 'express', minutes: 12, store: { _id: store.id, name: store.name } } });
    // The store never stocked the earbuds, and has none of the other left: the warehouse's courier.
    expect((await promise({ pincode: '560034', productId: earbuds._id })).body.data).toEqual({ promise: courierIn(1) });
    expect((await promise({ pincode: '560034', productId: soldOut._id })).body.data).toEqual({ promise: courierIn(1) });
    // A pincode no store serves: the courier, by its zone's days.
    expect((await promise({ pincode: '560001', productId: chips._id })).body.data).toEqual({ promise: courierIn(1) });
    expect((await promise({ pincode: '400053', productId: chips._id })).body.data).toEqual({ promise: courierIn(5) });
    // A closed store serves nothing; reopened, it does again.
    await setStoreOpen(t, store.id, false);
    expect((await promise({ pincode: '560095', productId: chips._id })).body.data).toEqual({ promise: courierIn(1) });
    await setStoreOpen(t, store.id, true);
    expect((await promise({ pincode: '560095', productId: chips._id })).body.data.promise.kind).toBe('express');
  });

  it('a cart: express only when the store holds every line in the quantity asked, and only for the signed-in shopper', async () => {
    const a = await addProduct(t, admin, shop, { price: 20, stock: 50 });
    const b = await addProduct(t, admin, shop, { price: 40, stock: 50 });
    const store = await openStore(t, { pincode: '560038', serves: ['560038', '560008'] });
    await stockStore(t, store.id, a._id, 5);
    await stockStore(t, store.id, b._id, 2);
    const shopper = await newCustomer(t, 'Cart promise');
    await putInCart(t, shopper.id, a._id, 2);
    await putInCart(t, shopper.id, b._id, 2);

    const express = await promise({ pincode: '560008' }, shopper.token);
    expect(express.status).toBe(200);
    expect(express.body.data.promise).toEqual({ kind: 'express', minutes: 10, store: { _id: store.id, name: store.name } });

    // One more of b than the store has: the whole cart goes by courier, said before checkout.
    const other = await newCustomer(t, 'Cart short');
    await putInCart(t, other.id, a._id, 1);
    await putInCart(t, other.id, b._id, 3);
    expect((await promise({ pincode: '560008' }, other.token)).body.data.promise).toEqual(courierIn(1));

    const anonymous = await promise({ pincode: '560008' });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a bad pincode (400), one India Post does not list (400), one outside every zone (422) and an unknown product (404)', async () => {
    const p = await addProduct(t, admin, shop, { price: 20, stock: 5 });
    const bad = await promise({ pincode: '56003', productId: p._id });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION', fields: ['pincode'] });
    const unlisted = await promise({ pincode: '999999', productId: p._id });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body).toMatchObject({ code: 'PINCODE_UNKNOWN', fields: ['pincode'] });
    // Shillong: the north-east is outside the demo's zones.
    const unserved = await promise({ pincode: '793001', productId: p._id });
    expect(unserved.status).toBe(422);
    expect(unserved.body).toMatchObject({ code: 'PINCODE_NOT_SERVED', pincode: '793001' });
    const unknown = await promise({ pincode: '560001', productId: 'NoSuchProduct1' });
    expect(unknown.status).toBe(404);
  });

  it('a page of cards: each product’s promise in one ask, unknown products left out, and a list that is no list refused', async () => {
    const stocked = await addProduct(t, admin, shop, { price: 25, stock: 20 });
    const notStocked = await addProduct(t, admin, shop, { price: 35, stock: 20 });
    const store = await openStore(t, { pincode: '400053', serves: ['400053', '400058'], minutes: 15 });
    await stockStore(t, store.id, stocked._id, 2);
    const cards = (query: Record<string, string>) => api(t).get('/api/delivery/promises').query(query);

    const page = await cards({ pincode: '400058', productIds: `${stocked._id},${notStocked._id},NoSuchProduct1,${stocked._id}` });
    expect(page.status).toBe(200);
    expect(page.body.data.promises).toEqual([
      { productId: stocked._id, promise: { kind: 'express', minutes: 15, store: { _id: store.id, name: store.name } } },
      { productId: notStocked._id, promise: courierIn(5) },
    ]);
    // Where no store serves, every card gets the courier's date, as the product page would say.
    const elsewhere = await cards({ pincode: '400001', productIds: stocked._id });
    expect(elsewhere.body.data.promises).toEqual([{ productId: stocked._id, promise: courierIn(5) }]);

    const none = await cards({ pincode: '400058', productIds: ',' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'VALIDATION', fields: ['productIds'] });
    const tooMany = await cards({ pincode: '400058', productIds: Array.from({ length: 61 }, (_, i) => `P${i}`).join(',') });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION', fields: ['productIds'] });
    expect((await cards({ pincode: '999999', productIds: stocked._id })).body).toMatchObject({ code: 'PINCODE_UNKNOWN' });
    expect((await cards({ pincode: '793001', productIds: stocked._id })).status).toBe(422);
  });
});
