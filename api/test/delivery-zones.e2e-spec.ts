import { eq } from 'drizzle-orm';
import { expectedDeliveryDate } from '@haat/shared/addresses/delivery-zones';
import { addresses } from '../src/addresses/addresses.table.js';
import { orders } from '../src/orders/orders.table.js';
import { ADDRESS } from './accounts-fixtures.js';
import { DB_KINDS, api, bearer, newCustomer, type TestApp } from './harness.js';
import { addAddress, addProduct, cartOf, line, putInCart, stockOf, type Shop } from './order-fixtures.js';
import { startStripeShop, type StripeShop } from './stripe-shop.js';

/**
 * The delivery rule (docs/product.md#delivery) on the server: an address or an order (cash on delivery and card) to a
 * pincode outside every zone is refused with 422 PINCODE_NOT_SERVED in the shopper's language, and nothing is written;
 * an order to a served place answers its expected date. Orders read their address through a named statement on each
 * engine, so both run.
 */
describe.each(DB_KINDS)('delivery zones on %s', (kind) => {
  let started: StripeShop;
  let t: TestApp;
  let admin: string;
  let shop: Shop;

  beforeAll(async () => {
    started = await startStripeShop(kind);
    ({ t, admin, shop } = started);
  });
  afterAll(() => started?.close());

  const PORT_BLAIR = { district: 'South Andaman', city: 'Port Blair', state: 'Andaman & Nicobar Islands', pincode: '744101' };
  /** "City, State" as the pincode lookup names the place: the refusal names it the same way. */
  const placeOf = async (pincode: string) => {
    const { city, state } = (await api(t).get(`/api/address/pincode/${pincode}`)).body.data as { city: string; state: string };
    return `${city}, ${state}`;
  };

  it('refuses to save an address at 744101 or 793001, on create and on update, in English and Hindi', async () => {
    const c = await newCustomer(t, 'Meera');
    const created = await api(t)
      .post('/api/address/create')
      .set(bearer(c.token))
      .send({ ...ADDRESS, ...PORT_BLAIR });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({
      error: true,
      code: 'PINCODE_NOT_SERVED',
      pincode: '744101',
      fields: ['pincode'],
      message: `pincode: We do not deliver to ${await placeOf('744101')} (744101) yet.`,
    });

    // The state typed by hand does not buy a promise: the directory's state for the pincode is what counts.
    const shillong = await api(t)
      .post('/api/address/create')
      .set(bearer(c.token))
      .set('Accept-Language', 'hi-IN')
      .send({ ...ADDRESS, pincode: '793001', state: 'Karnataka' });
    expect(shillong.status).toBe(422);
    expect(shillong.body).toMatchObject({ code: 'PINCODE_NOT_SERVED', message: `pincode: हम अभी ${await placeOf('793001')} (793001) में डिलीवरी नहीं करते।` });

    const home = await api(t).post('/api/address/create').set(bearer(c.token)).send(ADDRESS);
    expect(home.status).toBe(201);
    const moved = await api(t)
      .put('/api/address/update')
      .set(bearer(c.token))
      .send({ ...ADDRESS, ...PORT_BLAIR, _id: home.body.data._id });
    expect(moved.status).toBe(422);
    expect(moved.body.code).toBe('PINCODE_NOT_SERVED');
    const kept = (await api(t).get('/api/address/get').set(bearer(c.token))).body.data as Array<{ pincode: string }>;
    expect(kept.map((a) => a.pincode)).toEqual(['560001']);
  });

  it('refuses a cash-on-delivery and a card order to an address saved at 744101 before the rule, and takes no stock', async () => {
    const c = await newCustomer(t, 'Ravi');
    // An address the rule now refuses, as one saved earlier would be: written straight into the table.
    const addressId = await addAddress(t, c.id, { ...PORT_BLAIR, addressLine: 'Aberdeen Bazaar' });
    const product = await addProduct(t, admin, shop, { price: 100, stock: 5 });
    await putInCart(t, c.id, product._id, 2);

    const cod = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .set('Idempotency-Key', '01JD0000000000000000000001')
      .send({ list_items: [line(product, 2)], totalAmt: 200, address: addressId });
    expect(cod.status).toBe(422);
    expect(cod.body).toMatchObject({
      error: true,
      code: 'PINCODE_NOT_SERVED',
      pincode: '744101',
      message: `We do not deliver to ${await placeOf('744101')} (744101) yet. Please choose an address we deliver to.`,
    });

    const card = await api(t)
      .post('/api/order/checkout')
      .set(bearer(c.token))
      .set('Accept-Language', 'hi-IN')
      .send({ list_items: [line(product, 2)], addressId, subTotalAmt: 200, totalAmt: 200 });
    expect(card.status).toBe(422);
    expect(card.body).toMatchObject({
      code: 'PINCODE_NOT_SERVED',
      message: `हम अभी ${await placeOf('744101')} (744101) में डिलीवरी नहीं करते। कृपया ऐसा पता चुनें जहाँ हम डिलीवरी करते हैं।`,
    });

    expect(await t.db.select().from(orders).where(eq(orders.userId, c.id))).toEqual([]);
    expect(await stockOf(t, product._id)).toBe(5);
    expect(await cartOf(t, c.id)).toEqual([{ productId: product._id, quantity: 2 }]);
    expect(started.stripe.creates()).toHaveLength(0);

    // The same key replayed after the address is fixed places the order once: a refusal stored nothing under it.
    await t.db.update(addresses).set({ pincode: '560034', city: 'Bengaluru', state: 'Karnataka' }).where(eq(addresses.id, addressId));
    const again = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .set('Idempotency-Key', '01JD0000000000000000000001')
      .send({ list_items: [line(product, 2)], totalAmt: 200, address: addressId });
    expect(again.status).toBe(201);
  });

  it("answers an order's expected delivery date: its placing day plus its zone's days", async () => {
    const c = await newCustomer(t, 'Neha');
    const addressId = await addAddress(t, c.id, { city: 'Chennai', district: 'Chennai', state: 'Tamil Nadu', pincode: '600001' });
    const product = await addProduct(t, admin, shop, { price: 50, stock: 3 });
    const res = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: [line(product, 1)], totalAmt: 50, address: addressId });
    expect(res.status).toBe(201);
    const placed = res.body.data as { createdAt: string; expectedDeliveryBy: string };
    expect(placed.expectedDeliveryBy).toBe(expectedDeliveryDate({ pincode: '600001', state: 'Tamil Nadu' }, new Date(placed.createdAt)));
    const listed = (await api(t).get('/api/order/order-list').set(bearer(c.token))).body.data as Array<{ expectedDeliveryBy: string }>;
    expect(listed[0]!.expectedDeliveryBy).toBe(placed.expectedDeliveryBy);
  });
});
