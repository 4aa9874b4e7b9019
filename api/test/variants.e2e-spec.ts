import { eq } from 'drizzle-orm';
import { cartItems } from '../src/cart/cart.table.js';
import { orderLines } from '../src/orders/orders.table.js';
import { products } from '../src/catalog/products.table.js';
import { productInventorySql } from '../src/inventory/stock-reads.js';
import { DB_KINDS, api, bearer, newCustomer, type TestApp } from './harness.js';
import { addAddress, type Shop } from './order-fixtures.js';
import type { StripeStandIn } from './stripe-stand-in.js';
import { postWebhook, signedEvent, startStripeShop, type StripeShop } from './stripe-shop.js';

interface VariantOut {
  _id: string;
  name: string;
  price?: number;
  stock?: number;
  image?: string[];
}
interface ProductOut {
  _id: string;
  name: string;
  variants: VariantOut[];
}

/** A chosen variant reaches the cart, the order, the card payment and the stock. */
describe.each(DB_KINDS)('variants sold as variants on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: string;
  let shop: Shop;
  let counter = 0;

  let started: StripeShop;

  beforeAll(async () => {
    started = await startStripeShop(kind);
    ({ t, stripe, admin, shop } = started);
  });
  afterAll(() => started?.close());

  /** The product: ₹100 a pack, or a "5 kg" sack at ₹5,000 with its own stock and picture. */
  async function rice(
    opts: { productStock?: number; sackStock?: number; discount?: number } = {},
  ): Promise<ProductOut & { sack: VariantOut; pack: VariantOut }> {
    const res = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({
        hsn: '8518',
        gstRate: 18,
        name: `Sona Masoori Rice ${Date.now().toString(36)}${counter++}`,
        image: ['/uploads/rice.webp'],
        unit: 'kg',
        productType: 'variable',
        stock: opts.productStock ?? 50,
        price: 100,
        discount: opts.discount ?? 0,
        description: 'Aged rice.',
        category: [shop.categoryId],
        subCategory: [shop.subCategoryId],
        variants: [
          { name: '5 kg', price: 5000, stock: opts.sackStock ?? 3, image: ['/uploads/sack.webp'] },
          // No price, no stock: sells at the product's price from the product's stock.
          { name: '1 kg pack' },
        ],
      });
    if (res.status !== 201) throw new Error(`product/create ${res.status} ${JSON.stringify(res.body)}`);
    const product = res.body.data as ProductOut;
    return { ...product, sack: product.variants[0]!, pack: product.variants[1]! };
  }

  async function plain(stock = 5): Promise<ProductOut> {
    const res = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({
        hsn: '8518',
        gstRate: 18,
        name: `Plain Salt ${Date.now().toString(36)}${counter++}`,
        unit: 'pack',
        stock,
        price: 20,
        description: 'Salt.',
        category: [shop.categoryId],
      });
    if (res.status !== 201) throw new Error(`product/create ${res.status}`);
    return res.body.data as ProductOut;
  }

  async function shopper() {
    const c = await newCustomer(t, 'Meera');
    return { ...c, addressId: await addAddress(t, c.id) };
  }

  const add = (token: string, body: object) => api(t).post('/api/cart/create').set(bearer(token)).send(body);
  const cart = (token: string) => api(t).get('/api/cart/get').set(bearer(token));
  const cod = (token: string, body: object) => api(t).post('/api/order/cash-on-delivery').set(bearer(token)).send(body);
  const variantsOf = async (id: string) => (await t.db.select({ inventory: productInventorySql }).from(products).where(eq(products.id, id)))[0]!.inventory;

  it('adds the chosen variant: the same product in two variants is two cart lines, each priced and stocked by its variant', async () => {
    const c = await shopper();
    const p = await rice({ discount: 10 });
    const sack = await add(c.token, { productId: p._id, variantId: p.sack._id });
    expect(sack.status).toBe(201);
    expect(sack.body.data).toMatchObject({ variantId: p.sack._id, variant: { _id: p.sack._id, name: '5 kg' }, quantity: 1 });
    expect((await add(c.token, { productId: p._id, variantId: p.sack._id })).body.data.quantity).toBe(2);
    expect((await add(c.token, { productId: p._id, variantId: p.pack._id })).status).toBe(201);

    const res = await cart(c.token);
    expect(res.status).toBe(200);
    const lines = res.body.data as Array<{
      variantId: string;
      productId: { price: number; stock: number; image: string[] };
      quantity: number;
      subTotalAmt: number;
    }>;
    expect(lines).toHaveLength(2);
    const [sackLine, packLine] = lines;
    expect(sackLine).toMatchObject({ variantId: p.sack._id, quantity: 2, productId: { _id: p._id, price: 5000, discount: 10, stock: 3 } });
    expect(sackLine!.productId.image).toEqual(['https://shop.test/uploads/sack.webp']);
    // 5000 − ceil(500) = 4500 × 2; the pack sells at the product's 100 − 10 = 90.
    expect(sackLine!.subTotalAmt).toBe(9000);
    expect(packLine).toMatchObject({
      variantId: p.pack._id,
      variant: { name: '1 kg pack' },
      quantity: 1,
      subTotalAmt: 90,
      productId: { price: 100, stock: 50 },
    });
    expect(res.body.totals).toEqual({ itemsTotal: 10100, grandTotal: 9090, savings: 1010, quantityTotal: 3 });
  });

  it('caps a variant line at the variant’s own stock', async () => {
    const c = await shopper();
    const p = await rice({ sackStock: 1, productStock: 40 });
    expect((await add(c.token, { productId: p._id, variantId: p.sack._id })).status).toBe(201);
    const again = await add(c.token, { productId: p._id, variantId: p.sack._id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'STOCK_LIMIT', productId: p._id, variantId: p.sack._id, available: 1 });
    const line = (await cart(c.token)).body.data[0];
    const up = await api(t).put('/api/cart/update-qty').set(bearer(c.token)).send({ _id: line._id, qty: 5 });
    expect(up.status).toBe(200);
    expect(up.body.data.quantity).toBe(1);
  });

  it('refuses an unknown variantId (404 UNKNOWN_VARIANT), a missing one on a product sold in variants (422 VARIANT_REQUIRED), and a malformed one (400)', async () => {
    const c = await shopper();
    const p = await rice();
    const salt = await plain();
    const unknown = await add(c.token, { productId: p._id, variantId: '01NOSUCHVARIANT00000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'UNKNOWN_VARIANT', productId: p._id, variantId: '01NOSUCHVARIANT00000000000', fields: ['variantId'] });
    // Another product's variant is not this product's.
    const other = await rice();
    expect((await add(c.token, { productId: p._id, variantId: other.sack._id })).body.code).toBe('UNKNOWN_VARIANT');
    expect((await add(c.token, { productId: salt._id, variantId: p.sack._id })).body.code).toBe('UNKNOWN_VARIANT');
    const none = await add(c.token, { productId: p._id });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: 'VARIANT_REQUIRED', productId: p._id, fields: ['variantId'] });
    expect(none.body.message).toMatch(/5 kg/);
    const bad = await add(c.token, { productId: p._id, variantId: "x' or 1=1" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    expect((await add(c.token, { productId: salt._id, variantId: null })).status).toBe(201);
    expect((await cart(c.token)).body.data).toHaveLength(1);

    // Orders refuse the same.
    const order = (items: object[]) => cod(c.token, { list_items: items, totalAmt: 5000, address: c.addressId });
    expect((await order([{ productId: p._id, quantity: 1 }])).body.code).toBe('VARIANT_REQUIRED');
    const unknownOrder = await order([{ productId: p._id, variantId: other.sack._id, quantity: 1 }]);
    expect(unknownOrder.status).toBe(404);
    expect(unknownOrder.body.code).toBe('UNKNOWN_VARIANT');
    expect((await variantsOf(p._id)).variants[0]!.stock).toBe(3);
  });

  it('syncs an offline cart by product and variant: both variants kept apart, unknown variants dropped and reported', async () => {
    const c = await shopper();
    const p = await rice({ sackStock: 2 });
    const items = [
      { productId: p._id, variantId: p.sack._id, quantity: 5 },
      { productId: p._id, variantId: p.pack._id, quantity: 2 },
      { productId: p._id, variantId: '01GONEVARIANT0000000000000', quantity: 1 },
    ];
    const res = await api(t).put('/api/cart/sync').set(bearer(c.token)).set('Idempotency-Key', `v-${counter++}`).send({ items });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual([
      { productId: p._id, variantId: p.sack._id, reason: 'clamped', requested: 5, applied: 2 },
      { productId: p._id, variantId: '01GONEVARIANT0000000000000', reason: 'product_gone', requested: 1, applied: 0 },
    ]);
    const byVariant = Object.fromEntries((res.body.data as Array<{ variantId: string; quantity: number }>).map((l) => [l.variantId, l.quantity]));
    expect(byVariant).toEqual({ [p.sack._id]: 2, [p.pack._id]: 2 });
    const rows = await t.db.select().from(cartItems).where(eq(cartItems.userId, c.id));
    expect(Object.fromEntries(rows.map((r) => [r.variantId, r.quantity]))).toEqual({ [p.sack._id]: 2, [p.pack._id]: 2 });
    // The same pair twice in one sync is refused; one product in two variants is not a duplicate.
    const twice = await api(t)
      .put('/api/cart/sync')
      .set(bearer(c.token))
      .set('Idempotency-Key', `v-${counter++}`)
      .send({ items: [items[0], items[0]] });
    expect(twice.status).toBe(400);
    // Removing one variant leaves the other.
    await api(t)
      .put('/api/cart/sync')
      .set(bearer(c.token))
      .set('Idempotency-Key', `v-${counter++}`)
      .send({ items: [{ productId: p._id, variantId: p.sack._id, quantity: 0 }] });
    expect((await t.db.select().from(cartItems).where(eq(cartItems.userId, c.id))).map((r) => r.variantId)).toEqual([p.pack._id]);
  });

  it('charges the variant’s price on cash on delivery, names the variant on the order line and in the list, takes the variant’s stock and clears only that cart line', async () => {
    const c = await shopper();
    const p = await rice({ productStock: 50, sackStock: 3 });
    await add(c.token, { productId: p._id, variantId: p.sack._id });
    await add(c.token, { productId: p._id, variantId: p.pack._id });
    await add(c.token, { productId: p._id, variantId: p.pack._id });

    // The bug: the ₹5,000 sack was ordered at ₹100. The old total is now a stale total.
    const stale = await cod(c.token, { list_items: [{ productId: p._id, variantId: p.sack._id, quantity: 1 }], totalAmt: 100, address: c.addressId });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('PRICE_CHANGED');
    expect(stale.body.current.product_details[0]).toMatchObject({ variantId: p.sack._id, variantName: '5 kg', unitPrice: 5000 });

    const items = (await cart(c.token)).body.data;
    const sackItem = items.find((i: { variantId: string }) => i.variantId === p.sack._id);
    // list_items as the checkout screen sends them: the cart items themselves.
    const res = await cod(c.token, { list_items: [{ ...sackItem, quantity: 2 }], totalAmt: 10000, address: c.addressId });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ totalAmt: 10000, quantity: 2 });
    expect(res.body.data.product_details).toEqual([
      expect.objectContaining({ productId: p._id, variantId: p.sack._id, variantName: '5 kg', price: 5000, unitPrice: 5000, subTotalAmt: 10000, quantity: 2 }),
    ]);
    expect(res.body.data.product_details[0].image).toEqual(['https://shop.test/uploads/sack.webp']);
    const after = await variantsOf(p._id);
    expect(after.variants.map((v) => v.stock)).toEqual([1, undefined]);
    expect(after.stock).toBe(50);
    expect(after.variants.map((v) => v.name)).toEqual(['5 kg', '1 kg pack']);
    expect((await t.db.select().from(cartItems).where(eq(cartItems.userId, c.id))).map((r) => [r.variantId, r.quantity])).toEqual([[p.pack._id, 2]]);

    // A variant without its own stock sells from the product's.
    const pack = await cod(c.token, { list_items: [{ productId: p._id, variantId: p.pack._id, quantity: 2 }], totalAmt: 200, address: c.addressId });
    expect(pack.status).toBe(201);
    expect((await variantsOf(p._id)).stock).toBe(48);

    const list = await api(t).get('/api/order/order-list').set(bearer(c.token));
    const listed = (list.body.data as Array<{ orderId: string; product_details: Array<{ variantId: string; variantName: string }> }>).find(
      (o) => o.orderId === res.body.data.orderId,
    );
    expect(listed?.product_details[0]).toMatchObject({ variantId: p.sack._id, variantName: '5 kg' });
    const [row] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, res.body.data.orderId));
    expect(row).toMatchObject({ variantId: p.sack._id, variantName: '5 kg' });

    // Cancelling puts the units back where they came from.
    expect((await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: res.body.data.orderId })).status).toBe(200);
    expect((await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: pack.body.data.orderId })).status).toBe(200);
    const restored = await variantsOf(p._id);
    expect(restored.variants.map((v) => v.stock)).toEqual([3, undefined]);
    expect(restored.stock).toBe(50);
  });

  it('refuses more than a variant’s own stock although the product has plenty (409 OUT_OF_STOCK naming the variant)', async () => {
    const c = await shopper();
    const p = await rice({ productStock: 500, sackStock: 2 });
    const res = await cod(c.token, { list_items: [{ productId: p._id, variantId: p.sack._id, quantity: 3 }], totalAmt: 15000, address: c.addressId });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'OUT_OF_STOCK', productId: p._id, variantId: p.sack._id, available: 2 });
    expect(res.body.message).toMatch(/5 kg/);
    expect((await variantsOf(p._id)).variants[0]!.stock).toBe(2);
  });

  it('never oversells a variant: 30 concurrent orders for its last 4 units give exactly 4 orders, and the other variant is untouched', async () => {
    const p = await rice({ productStock: 100, sackStock: 4 });
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopper()));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const c = shoppers[i % shoppers.length]!;
        return cod(c.token, { list_items: [{ productId: p._id, variantId: p.sack._id, quantity: 1 }], totalAmt: 5000, address: c.addressId });
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(26);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'OUT_OF_STOCK')).toBe(true);
    const after = await variantsOf(p._id);
    expect(after.variants[0]!.stock).toBe(0);
    expect(after.stock).toBe(100);
    const sold = await t.db.select().from(orderLines).where(eq(orderLines.productId, p._id));
    expect(sold.reduce((n, l) => n + l.quantity, 0)).toBe(4);
    expect(sold.every((l) => l.variantId === p.sack._id)).toBe(true);
  });

  it('never oversells a variant that sells from the product’s stock: 20 concurrent orders for 3 units give exactly 3', async () => {
    const p = await rice({ productStock: 3, sackStock: 10 });
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopper()));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const c = shoppers[i % shoppers.length]!;
        return cod(c.token, { list_items: [{ productId: p._id, variantId: p.pack._id, quantity: 1 }], totalAmt: 100, address: c.addressId });
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const after = await variantsOf(p._id);
    expect(after.stock).toBe(0);
    expect(after.variants[0]!.stock).toBe(10);
  });

  it('charges the variant’s price by card: Stripe’s line item names the variant, and an expired session returns the variant’s stock', async () => {
    const c = await shopper();
    const p = await rice({ sackStock: 3, discount: 10 });
    await add(c.token, { productId: p._id, variantId: p.sack._id });
    const res = await api(t)
      .post('/api/order/checkout')
      .set(bearer(c.token))
      .send({ list_items: [{ productId: p._id, variantId: p.sack._id, quantity: 2 }], addressId: c.addressId, subTotalAmt: 9000, totalAmt: 9000 });
    expect(res.status).toBe(201);
    const orderId = res.body.data.orderId as string;
    const call = stripe.creates().at(-1)!;
    expect(call.form).toMatchObject({
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '450000',
      'line_items[0][price_data][product_data][name]': `${p.name} (5 kg)`,
      'line_items[0][price_data][product_data][metadata][variantId]': p.sack._id,
      'line_items[0][price_data][product_data][images][0]': 'https://shop.test/uploads/sack.webp',
    });
    expect((await variantsOf(p._id)).variants[0]!.stock).toBe(1);

    const expired = signedEvent('checkout.session.expired', { id: res.body.id, client_reference_id: orderId, metadata: { orderId }, payment_status: 'unpaid' });
    const hook = await postWebhook(t, expired);
    expect(hook.status).toBe(200);
    expect((await variantsOf(p._id)).variants[0]!.stock).toBe(3);
  });

  it('the card order, once paid, clears only the paid variant’s cart line', async () => {
    const c = await shopper();
    const p = await rice({ sackStock: 3 });
    await add(c.token, { productId: p._id, variantId: p.sack._id });
    await add(c.token, { productId: p._id, variantId: p.pack._id });
    const res = await api(t)
      .post('/api/order/checkout')
      .set(bearer(c.token))
      .send({ list_items: [{ productId: p._id, variantId: p.sack._id, quantity: 1 }], addressId: c.addressId, subTotalAmt: 5000, totalAmt: 5000 });
    const orderId = res.body.data.orderId as string;
    const paid = signedEvent('checkout.session.completed', {
      id: res.body.id,
      client_reference_id: orderId,
      metadata: { orderId },
      payment_status: 'paid',
      payment_intent: `pi_${orderId}`,
    });
    expect((await postWebhook(t, paid)).status).toBe(200);
    expect((await t.db.select().from(cartItems).where(eq(cartItems.userId, c.id))).map((r) => r.variantId)).toEqual([p.pack._id]);
  });
});
