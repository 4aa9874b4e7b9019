import { eq } from 'drizzle-orm';
import { orderLines } from '../src/orders/orders.table.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, openShop, type Shop } from './order-fixtures.js';

/**
 * A refusal for want of stock says OUT_OF_STOCK, never PRICE_CHANGED, also when the lines of one
 * order draw on one stock pool (two options sold from the product's own stock) and parallel orders
 * take the last units (docs/product.md#error-codes).
 */
describe.each(DB_KINDS)('stock refusals on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  let counter = 0;

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  async function shopper() {
    const c = await newCustomer(t, 'Asha');
    return { ...c, addressId: await addAddress(t, c.id) };
  }

  /** Rice sold as a 1 kg and a 2 kg pack, both from the product's own stock (no stock of their own). */
  async function rice(stock: number) {
    const res = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({
        hsn: '8518',
        gstRate: 18,
        name: `Rice ${Date.now().toString(36)}${counter++}`,
        image: ['/uploads/rice.webp'],
        unit: 'kg',
        productType: 'variable',
        stock,
        price: 100,
        description: 'Aged rice.',
        category: [shop.categoryId],
        subCategory: [shop.subCategoryId],
        variants: [{ name: '1 kg pack' }, { name: '2 kg pack' }],
      });
    if (res.status !== 201) throw new Error(`product/create ${res.status} ${JSON.stringify(res.body)}`);
    const p = res.body.data as { _id: string; variants: Array<{ _id: string }> };
    return { id: p._id, small: p.variants[0]!._id, large: p.variants[1]!._id };
  }

  const order = (c: { token: string; addressId: string }, items: Array<{ productId: string; variantId: string; quantity: number }>) =>
    api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: items, totalAmt: 100 * items.reduce((n, i) => n + i.quantity, 0), address: c.addressId });

  it('parallel orders whose lines share one pool: the ones too late are told OUT_OF_STOCK with what is left', async () => {
    const p = await rice(5);
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => shopper()));
    const both = [
      { productId: p.id, variantId: p.small, quantity: 1 },
      { productId: p.id, variantId: p.large, quantity: 1 },
    ];
    const results = await Promise.all(shoppers.map((c) => order(c, both)));
    const placed = results.filter((r) => r.status === 201);
    // Two orders of two units each fit in five; the one unit left is not enough for a third.
    expect(placed).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(6).fill([409, 'OUT_OF_STOCK']));
    for (const r of refused) expect(r.body).toMatchObject({ productId: p.id, available: 1 });
    const sold = await t.db.select().from(orderLines).where(eq(orderLines.productId, p.id));
    expect(sold.reduce((n, l) => n + l.quantity, 0)).toBe(4);
  });

  it('one order wanting more of a pool than is left over two lines is refused OUT_OF_STOCK before anything is taken', async () => {
    const p = await rice(1);
    const c = await shopper();
    const res = await order(c, [
      { productId: p.id, variantId: p.small, quantity: 1 },
      { productId: p.id, variantId: p.large, quantity: 1 },
    ]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'OUT_OF_STOCK', productId: p.id, available: 1 });
    expect((await order(c, [{ productId: p.id, variantId: p.large, quantity: 1 }])).status).toBe(201);
  });
});
