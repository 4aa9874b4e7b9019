import { and, asc, eq, sql } from 'drizzle-orm';
import { inventoryLevels, productVariants, stockMovements } from '../src/inventory/inventory.table.js';
import { inventoryFromVariantRowsSql, productInventorySql } from '../src/inventory/stock-reads.js';
import { DB_KINDS, api, bearer, newCustomer, startWithUsers, type TestApp } from './harness.js';
import { addAddress, openShop, stockOf, type Shop } from './order-fixtures.js';

interface VariantOut {
  _id: string;
  name: string;
  sku: string;
  price?: number;
  stock?: number;
}
interface ProductOut {
  _id: string;
  name: string;
  stock: number;
  maxPerOrder: number;
  variants: VariantOut[];
}

/**
 * Stock is the inventory's: an admin's save cannot put sold units back, every change is a ledger
 * row, cancellations settle once, and the purchase limits hold against hoarding.
 */
describe.each(DB_KINDS)('inventory on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  let n = 0;

  beforeAll(async () => {
    ({ t, admin } = await startWithUsers(kind));
    shop = await openShop(t, admin);
  });
  afterAll(() => t?.close());

  async function create(body: Record<string, unknown>): Promise<ProductOut> {
    const res = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({
        hsn: '8518',
        gstRate: 18,
        name: `Ledger Notebook ${n++} ${Date.now().toString(36)}`,
        unit: 'pack',
        price: 100,
        description: 'A ruled notebook.',
        category: [shop.categoryId],
        ...body,
      });
    if (res.status !== 201) throw new Error(`create ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as ProductOut;
  }

  /** What the admin's edit form loads: the product as the API answers it. */
  async function openForm(id: string): Promise<ProductOut> {
    const res = await api(t).post('/api/product/get-product-details').send({ productId: id });
    return res.body.data as ProductOut;
  }

  async function shopper() {
    const c = await newCustomer(t, 'Ravi');
    return { ...c, addressId: await addAddress(t, c.id) };
  }

  const cod = (token: string, addressId: string, items: Array<{ productId: string; variantId?: string; quantity: number }>, totalAmt: number) =>
    api(t).post('/api/order/cash-on-delivery').set(bearer(token)).send({ list_items: items, totalAmt, address: addressId });

  /** Units sold of a product (all its rows) in orders not cancelled. */
  async function sold(productId: string): Promise<number> {
    const result = await t.db.execute(sql`select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id
      where l.product_id = ${productId} and o.payment_status <> 'CANCELLED'`);
    return Number((result as { rows: Array<{ n: number }> }).rows[0]!.n);
  }

  it('a typo fix saved during a sale does not put sold units back: 10 sold of 10, never 13', async () => {
    const product = await create({ stock: 10 });
    const form = await openForm(product._id);
    expect(form.stock).toBe(10);

    const buyer = await shopper();
    expect((await cod(buyer.token, buyer.addressId, [{ productId: product._id, quantity: 3 }], 300)).status).toBe(201);

    // The admin fixes a typo; the form sends everything it loaded, stock included, with the figure it loaded.
    const saved = await api(t)
      .put('/api/product/update-product-details')
      .set(bearer(admin))
      .send({ _id: product._id, name: form.name, description: 'A ruled notebook, 200 pages.', stock: form.stock, expectedStock: form.stock, price: 100 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.stock).toBe(7);
    expect(await stockOf(t, product._id)).toBe(7);

    // The shop then sells what is left and no more.
    const late = await shopper();
    const tooMany = await cod(late.token, late.addressId, [{ productId: product._id, quantity: 8 }], 800);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'OUT_OF_STOCK', available: 7 });
    expect((await cod(late.token, late.addressId, [{ productId: product._id, quantity: 7 }], 700)).status).toBe(201);
    expect(await sold(product._id)).toBe(10);
    expect(await stockOf(t, product._id)).toBe(0);
  });

  it('a bare stock that is not the current figure is refused with it, even after a restock in between: never 13 sold of 11, product and option', async () => {
    const plain = await create({ stock: 10 });
    const coloured = await create({ stock: 50, variants: [{ name: 'Blue', stock: 10 }] });
    const blue = coloured.variants[0]!;
    // An API client loads both, then three of each are sold.
    const loaded = await openForm(plain._id);
    const loadedColoured = await openForm(coloured._id);
    const buyer = await shopper();
    const placed = await cod(
      buyer.token,
      buyer.addressId,
      [
        { productId: plain._id, quantity: 3 },
        { productId: coloured._id, variantId: blue._id, quantity: 3 },
      ],
      600,
    );
    expect({ status: placed.status, body: placed.status === 201 ? null : placed.body }).toEqual({ status: 201, body: null });
    // Another admin restocks one of each on a fresh form: 7 → 8, 11 ever stocked.
    const save = (body: object) => api(t).put('/api/product/update-product-details').set(bearer(admin)).send(body);
    expect((await save({ _id: plain._id, stock: 8, expectedStock: 7 })).body.data.stock).toBe(8);
    const restocked = await save({ _id: coloured._id, variants: [{ _id: blue._id, name: 'Blue', stock: 8, expectedStock: 7 }] });
    // The option keeps the SKU made for it at creation, though the save did not send it (docs/product.md).
    expect(restocked.body.data.variants).toEqual([{ _id: blue._id, name: 'Blue', sku: blue.sku, stock: 8 }]);

    // The API client edits the description and echoes every field it loaded, its stale stock included, bare.
    const stale = await save({ _id: plain._id, name: loaded.name, description: 'Echoed', stock: loaded.stock });
    expect([stale.status, stale.body.code, stale.body.current, stale.body.fields]).toEqual([409, 'STOCK_CHANGED', 8, ['stock']]);
    const staleOption = await save({
      _id: coloured._id,
      description: 'Echoed',
      stock: loadedColoured.stock,
      variants: [{ _id: blue._id, name: 'Blue', stock: blue.stock }],
    });
    expect([staleOption.status, staleOption.body.code, staleOption.body.current, staleOption.body.variantId]).toEqual([409, 'STOCK_CHANGED', 8, blue._id]);
    expect(await stockOf(t, plain._id)).toBe(8);

    // Loaded again, its echo of the figure it just loaded saves and changes no stock.
    const fresh = await openForm(plain._id);
    const echo = await save({ _id: plain._id, name: fresh.name, description: 'Echoed', stock: fresh.stock });
    expect([echo.status, echo.body.data.stock, echo.body.data.description]).toEqual([200, 8, 'Echoed']);
    const freshColoured = await openForm(coloured._id);
    const echoOption = await save({
      _id: coloured._id,
      description: 'Echoed',
      stock: freshColoured.stock,
      variants: freshColoured.variants.map((v) => ({ _id: v._id, name: v.name, stock: v.stock })),
    });
    expect([echoOption.status, echoOption.body.data.variants]).toEqual([200, [{ _id: blue._id, name: 'Blue', sku: blue.sku, stock: 8 }]]);

    // The shop sells what is left and no more: 11 of each in all.
    const late = await shopper();
    expect((await cod(late.token, late.addressId, [{ productId: plain._id, quantity: 9 }], 900)).body).toMatchObject({ code: 'OUT_OF_STOCK', available: 8 });
    expect((await cod(late.token, late.addressId, [{ productId: plain._id, quantity: 8 }], 800)).status).toBe(201);
    expect((await cod(late.token, late.addressId, [{ productId: coloured._id, variantId: blue._id, quantity: 8 }], 800)).status).toBe(201);
    expect(await sold(plain._id)).toBe(11);
    expect(await sold(coloured._id)).toBe(11);

    // A new figure comes with the one it replaces; bare, it is refused.
    expect((await save({ _id: plain._id, stock: 25 })).body).toMatchObject({ code: 'STOCK_CHANGED', current: 0 });
    expect((await save({ _id: plain._id, stock: 25, expectedStock: 0 })).body.data.stock).toBe(25);
  });

  it('an option open orders hold keeps its stock: neither moved to shared stock nor left out, until the order is cancelled', async () => {
    const product = await create({ stock: 20, variants: [{ name: 'Red', stock: 5 }, { name: 'Green' }] });
    const [red, green] = product.variants;
    const buyer = await shopper();
    const placed = await cod(buyer.token, buyer.addressId, [{ productId: product._id, variantId: red!._id, quantity: 2 }], 200);
    expect(placed.status).toBe(201);
    const save = (variants: object[]) => api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: product._id, variants });

    const shared = await save([
      { _id: red!._id, name: 'Red' },
      { _id: green!._id, name: 'Green' },
    ]);
    expect(shared.body).toMatchObject({ code: 'STOCK_RESERVED', variantId: red!._id, reserved: 2 });
    const leftOut = await save([{ _id: green!._id, name: 'Green' }]);
    expect(leftOut.status).toBe(409);
    expect(leftOut.body).toMatchObject({ code: 'STOCK_RESERVED', variantId: red!._id, reserved: 2, fields: ['variants'] });
    expect((await openForm(product._id)).variants.map((v) => v.name)).toEqual(['Red', 'Green']);

    // Cancelled, the order holds nothing: the option may go, and the order's cancel settled its units first.
    expect((await api(t).post('/api/order/cancel').set(bearer(buyer.token)).send({ orderId: placed.body.data.orderId })).status).toBe(200);
    expect((await save([{ _id: green!._id, name: 'Green' }])).status).toBe(200);
    expect((await openForm(product._id)).variants.map((v) => v.name)).toEqual(['Green']);
  });

  it('a stock figure changed on a stale form is refused with the current figure; on a fresh form it is set', async () => {
    const product = await create({ stock: 10 });
    const form = await openForm(product._id);
    const buyer = await shopper();
    expect((await cod(buyer.token, buyer.addressId, [{ productId: product._id, quantity: 3 }], 300)).status).toBe(201);

    const stale = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: product._id, stock: 12, expectedStock: form.stock });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'STOCK_CHANGED', current: 7, fields: ['stock'] });
    expect(stale.body.message).toContain('now 7');
    expect(await stockOf(t, product._id)).toBe(7);

    // The admin enters the figure again against the one the refusal named.
    const set = await api(t)
      .put('/api/product/update-product-details')
      .set(bearer(admin))
      .send({ _id: product._id, stock: 12, expectedStock: stale.body.current });
    expect(set.status).toBe(200);
    expect(set.body.data.stock).toBe(12);
    // On the shelf: the 12 the admin can sell plus the 3 the open order still holds.
    const [level] = await t.db
      .select({ onHand: inventoryLevels.onHand, reserved: inventoryLevels.reserved })
      .from(productVariants)
      .innerJoin(inventoryLevels, eq(inventoryLevels.id, productVariants.inventoryLevelId))
      .where(and(eq(productVariants.productId, product._id), eq(productVariants.isDefault, true)));
    expect(level).toEqual({ onHand: 15, reserved: 3 });
    const adjustments = await t.db
      .select({ reason: stockMovements.reason, onHandDelta: stockMovements.onHandDelta, adminId: stockMovements.adminId })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.inventoryLevelId, stockMovements.inventoryLevelId))
      .where(and(eq(productVariants.productId, product._id), eq(stockMovements.reason, 'adjustment')));
    expect(adjustments).toEqual([{ reason: 'adjustment', onHandDelta: 5, adminId: expect.any(String) }]);
  });

  it('the same for an option with its own stock: a save during a sale keeps the option’s sales', async () => {
    const product = await create({
      stock: 50,
      variants: [
        { name: 'A5', stock: 10 },
        { name: 'A4', price: 150 },
      ],
    });
    const a5 = product.variants[0]!;
    const a4 = product.variants[1]!;
    expect(a5.stock).toBe(10);
    expect(a4.stock).toBeUndefined(); // sells from the product's stock
    const form = await openForm(product._id);

    const buyer = await shopper();
    expect((await cod(buyer.token, buyer.addressId, [{ productId: product._id, variantId: a5._id, quantity: 3 }], 300)).status).toBe(201);

    const sent = form.variants.map((v) => ({
      _id: v._id,
      name: v.name === 'A5' ? 'A5 ruled' : v.name,
      price: v.price,
      stock: v.stock,
      expectedStock: v.stock,
    }));
    const saved = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: product._id, variants: sent });
    expect(saved.status).toBe(200);
    expect(saved.body.data.variants).toEqual([
      { _id: a5._id, name: 'A5 ruled', sku: a5.sku, stock: 7 },
      { _id: a4._id, name: 'A4', price: 150, sku: a4.sku },
    ]);

    const late = await shopper();
    const tooMany = await cod(late.token, late.addressId, [{ productId: product._id, variantId: a5._id, quantity: 8 }], 800);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'OUT_OF_STOCK', variantId: a5._id, available: 7 });
    expect((await cod(late.token, late.addressId, [{ productId: product._id, variantId: a5._id, quantity: 7 }], 700)).status).toBe(201);

    // A stale figure for the option is refused, naming the option and its figure now.
    const stale = await api(t)
      .put('/api/product/update-product-details')
      .set(bearer(admin))
      .send({
        _id: product._id,
        variants: [
          { _id: a5._id, name: 'A5 ruled', stock: 20, expectedStock: 7 },
          { _id: a4._id, name: 'A4', price: 150 },
        ],
      });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'STOCK_CHANGED', variantId: a5._id, current: 0, fields: ['variants.0.stock'] });
    // The A4 option sells from the product's 50.
    expect((await cod(late.token, late.addressId, [{ productId: product._id, variantId: a4._id, quantity: 2 }], 300)).status).toBe(201);
    expect(await stockOf(t, product._id)).toBe(48);
  });

  it('cancelling settles once from the ledger; a shipped order’s units leave the shelf and come back with the parcel if it is cancelled', async () => {
    const product = await create({ stock: 5 });
    const buyer = await shopper();
    const placed = await cod(buyer.token, buyer.addressId, [{ productId: product._id, quantity: 2 }], 200);
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    expect(await stockOf(t, product._id)).toBe(3);

    const move = (status: string) => api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status });
    expect((await move('SHIPPED')).status).toBe(200);
    expect(await stockOf(t, product._id)).toBe(3);
    const level = async () =>
      (
        await t.db
          .select({ onHand: inventoryLevels.onHand, reserved: inventoryLevels.reserved })
          .from(productVariants)
          .innerJoin(inventoryLevels, eq(inventoryLevels.id, productVariants.inventoryLevelId))
          .where(eq(productVariants.productId, product._id))
      )[0];
    expect(await level()).toEqual({ onHand: 3, reserved: 0 });

    const cancel = () => api(t).post('/api/order/cancel').set(bearer(buyer.token)).send({ orderId });
    expect((await cancel()).status).toBe(200);
    expect(await level()).toEqual({ onHand: 3, reserved: 0 }); // in the van: back when the parcel is
    await cancel(); // refused: finished; and nothing moves either way
    expect(await level()).toEqual({ onHand: 3, reserved: 0 });
    const returns = (await api(t).get('/api/order/admin/returns').set(bearer(admin))).body.data as Array<{ _id: string; orderId: string }>;
    const parcel = returns.find((r) => r.orderId === orderId)!;
    expect((await api(t).post('/api/order/admin/return-status').set(bearer(admin)).send({ returnId: parcel._id, status: 'RECEIVED' })).status).toBe(200);
    expect(await level()).toEqual({ onHand: 5, reserved: 0 });

    const ledger = await t.db
      .select({ reason: stockMovements.reason, onHand: stockMovements.onHandDelta, reserved: stockMovements.reservedDelta })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, orderId))
      .orderBy(asc(stockMovements.id));
    expect(ledger).toEqual([
      { reason: 'order', onHand: 0, reserved: 2 },
      { reason: 'fulfil', onHand: -2, reserved: -2 },
      { reason: 'return', onHand: 2, reserved: 0 },
    ]);
  });

  it('a line over the product’s per-order figure is refused with 422 QUANTITY_LIMIT; the admin sets the figure', async () => {
    const product = await create({ stock: 100 });
    expect(product.maxPerOrder).toBe(10);
    const buyer = await shopper();
    const over = await cod(buyer.token, buyer.addressId, [{ productId: product._id, quantity: 11 }], 1100);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'QUANTITY_LIMIT', limit: 10, productId: product._id });
    expect(over.body.message).toContain('at most 10');
    expect(await stockOf(t, product._id)).toBe(100);

    const raised = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: product._id, maxPerOrder: 20 });
    expect(raised.status).toBe(200);
    expect(raised.body.data.maxPerOrder).toBe(20);
    expect((await cod(buyer.token, buyer.addressId, [{ productId: product._id, quantity: 11 }], 1100)).status).toBe(201);
    const bad = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: product._id, maxPerOrder: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining(['maxPerOrder']));
  });

  it('the cart stops at the per-order figure and says so, before checkout would', async () => {
    const product = await create({ stock: 100, maxPerOrder: 2 });
    const buyer = await shopper();
    const add = () => api(t).post('/api/cart/create').set(bearer(buyer.token)).send({ productId: product._id });
    expect((await add()).status).toBe(201);
    expect((await add()).body.data.quantity).toBe(2);
    const third = await add();
    expect(third.status).toBe(422);
    expect(third.body).toMatchObject({ code: 'QUANTITY_LIMIT', limit: 2 });
    const lineId = (await api(t).get('/api/cart/get').set(bearer(buyer.token))).body.data[0]._id as string;
    const up = await api(t).put('/api/cart/update-qty').set(bearer(buyer.token)).send({ _id: lineId, qty: 5 });
    expect(up.status).toBe(200);
    expect(up.body.data.quantity).toBe(2);
    expect(up.body.message).toContain('at most 2');

    // An offline cart handing over a larger quantity keeps to the same figure, and says which limit it was.
    const synced = await api(t)
      .put('/api/cart/sync')
      .set(bearer(buyer.token))
      .set('Idempotency-Key', `limit-${Date.now()}`)
      .send({ items: [{ productId: product._id, variantId: null, quantity: 7 }] });
    expect(synced.status).toBe(200);
    expect(synced.body.data[0].quantity).toBe(2);
    expect(synced.body.changes).toEqual([{ productId: product._id, variantId: null, reason: 'limited', requested: 7, applied: 2 }]);
  });

  it('a new account cannot empty a product with unpaid orders: holds are capped, also when the orders race', async () => {
    const product = await create({ stock: 5000, maxPerOrder: 1000 });
    const hoarder = await shopper();
    const one = await cod(hoarder.token, hoarder.addressId, [{ productId: product._id, quantity: 1000 }], 100000);
    expect(one.status).toBe(409);
    expect(one.body).toMatchObject({ code: 'HOLD_LIMIT', limit: 50 });

    // 10 orders of 10 at once: at most 50 units end up held.
    const race = await Promise.all(Array.from({ length: 10 }, () => cod(hoarder.token, hoarder.addressId, [{ productId: product._id, quantity: 10 }], 1000)));
    const statuses = race.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    for (const r of race.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ code: 'HOLD_LIMIT', limit: 50 });
    expect(await stockOf(t, product._id)).toBe(4950);

    // Cancelling one frees its units for the account again.
    const placed = race.find((r) => r.status === 201)!;
    expect((await api(t).post('/api/order/cancel').set(bearer(hoarder.token)).send({ orderId: placed.body.data.orderId })).status).toBe(200);
    expect((await cod(hoarder.token, hoarder.addressId, [{ productId: product._id, quantity: 10 }], 1000)).status).toBe(201);
    expect((await cod(hoarder.token, hoarder.addressId, [{ productId: product._id, quantity: 1 }], 100)).status).toBe(409);
  });

  it('a product’s stock read from its pool row is the same as from its variant rows, through option changes and orders', async () => {
    const plain = await create({ stock: 6 });
    const shared = await create({ stock: 9, variants: [{ name: 'Ruled' }, { name: 'Plain', price: 120 }] });
    const own = await create({ stock: 3, variants: [{ name: 'A5', stock: 0 }] });
    const buyer = await shopper();
    expect((await cod(buyer.token, buyer.addressId, [{ productId: plain._id, quantity: 2 }], 200)).status).toBe(201);
    const edit = (id: string, variants: Array<Record<string, unknown>>) =>
      api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: id, variants });
    // Options added to a product that had none, one removed from another, and all removed from a third.
    expect((await edit(plain._id, [{ name: 'Gift wrapped', price: 130 }])).status).toBe(200);
    expect((await edit(shared._id, [{ _id: shared.variants[1]!._id, name: 'Plain', price: 120 }])).status).toBe(200);
    expect((await edit(own._id, [])).status).toBe(200);

    const rows = await t.db.execute(sql`select id, ${productInventorySql} as fast, ${inventoryFromVariantRowsSql} as full,
        (select l.options from inventory_levels l where l.product_id = products.id) as options,
        (select count(*) from product_variants v where v.product_id = products.id and not v.is_default)::int as counted
      from products`);
    const all = (rows as { rows: Array<{ id: string; fast: unknown; full: unknown; options: number | null; counted: number }> }).rows;
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const row of all) {
      // Every product has a pool row naming it and counting its options.
      expect({ id: row.id, options: row.options }).toEqual({ id: row.id, options: row.counted });
      expect({ id: row.id, inventory: row.fast }).toEqual({ id: row.id, inventory: row.full });
    }
    const byId = new Map(all.map((r) => [r.id, r]));
    expect(byId.get(plain._id)!.options).toBe(1);
    expect(byId.get(shared._id)!.options).toBe(1);
    expect(byId.get(own._id)!.options).toBe(0);
    expect((await openForm(own._id)).stock).toBe(3);
    expect((await openForm(plain._id)).variants.map((v) => v.name)).toEqual(['Gift wrapped']);
  });

  it('deleting a product deletes its stock pools; the ledger keeps its rows', async () => {
    const product = await create({ stock: 4, variants: [{ name: 'Blue', stock: 2 }] });
    const pools = await t.db.select({ id: productVariants.inventoryLevelId }).from(productVariants).where(eq(productVariants.productId, product._id));
    expect(pools).toHaveLength(2);
    expect((await api(t).delete('/api/product/delete-product').set(bearer(admin)).send({ _id: product._id })).status).toBe(200);
    const left = await t.db.execute(
      sql`select count(*)::int as n from inventory_levels where id in (${sql.join(
        pools.map((p) => sql`${p.id}`),
        sql`, `,
      )})`,
    );
    expect(Number((left as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(0);
  });
});
