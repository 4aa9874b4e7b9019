import { and, asc, eq, sql } from 'drizzle-orm';
import { inventoryLevels, productVariants, stockMovements } from '../src/inventory/inventory.table.js';
import { storeUnits } from '../src/inventory/store-units.table.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, stockOf, type Shop } from './order-fixtures.js';

/**
 * Dark stores (docs/product.md#delivery, docs/architecture.md#stores-and-their-pools): admins only, one store per
 * pincode, closing keeps the pincodes and the stock; a store's shelves are pools of the inventory, set with the figure
 * the screen showed and stocked from the warehouse by transfers that are ledger rows, exact under a crowd.
 */
describe.each(DB_KINDS)('dark stores on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shopper: string;
  let shop: Shop;
  let counter = 0;

  beforeAll(async () => {
    t = await startApp(kind, { RATE_LIMIT_FACTOR: '1000', HOLD_LIMIT_UNITS: '100000' });
    admin = await adminToken(t);
    shopper = (await newCustomer(t, 'Farah')).token;
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  const koramangala = (over: Record<string, unknown> = {}) => ({
    name: `Haat Koramangala ${counter++}`,
    address: '80 Feet Road, 4th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560034',
    servesPincodes: ['560034', '560095'],
    promiseMinutes: 10,
    ...over,
  });
  const create = (body: Record<string, unknown>, token = admin) => api(t).post('/api/store/create').set(bearer(token)).send(body);
  async function store(body: Record<string, unknown>) {
    const res = await create(body);
    expect(res.status).toBe(201);
    return res.body.data.store as { _id: string; name: string; servesPincodes: string[]; open: boolean; units: number };
  }
  const list = async () =>
    (await api(t).get('/api/store/list').set(bearer(admin))).body.data.stores as Array<{ _id: string; open: boolean; units: number; products: number }>;
  const setStock = (body: Record<string, unknown>) => api(t).put('/api/store/stock').set(bearer(admin)).send(body);
  const transfer = (body: Record<string, unknown>) => api(t).post('/api/store/transfer').set(bearer(admin)).send(body);
  const stockAt = async (storeId: string) =>
    (await api(t).get('/api/store/stock').query({ storeId }).set(bearer(admin))).body.data.stock as Array<{
      productId: string;
      variantId: string | null;
      onHand: number;
      reserved: number;
      available: number;
      warehouseAvailable: number;
    }>;
  /** The store's pool of a product's own unit, read from the tables, and its ledger's sum. */
  async function pool(storeId: string, productId: string) {
    const [row] = await t.db
      .select({
        id: inventoryLevels.id,
        onHand: inventoryLevels.onHand,
        reserved: inventoryLevels.reserved,
        productId: inventoryLevels.productId,
        options: inventoryLevels.options,
      })
      .from(storeUnits)
      .innerJoin(inventoryLevels, eq(inventoryLevels.id, storeUnits.inventoryLevelId))
      .innerJoin(productVariants, eq(productVariants.id, storeUnits.variantId))
      .where(and(eq(storeUnits.storeId, storeId), eq(productVariants.productId, productId)));
    return row;
  }
  async function ledgerSum(levelId: string) {
    const [row] = await t.db
      .select({ onHand: sql<number>`coalesce(sum(${stockMovements.onHandDelta}), 0)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.inventoryLevelId, levelId));
    return Number(row!.onHand);
  }
  async function warehouseLevel(productId: string) {
    const [row] = await t.db
      .select({ id: productVariants.inventoryLevelId })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.isDefault, true)));
    return row!.id;
  }

  it('only an admin manages stores: 401 signed out, 403 for a shopper, on every route', async () => {
    const routes = [
      api(t).post('/api/store/create').send(koramangala()),
      api(t).get('/api/store/list'),
      api(t).put('/api/store/update').send({ _id: 'x1' }),
      api(t).post('/api/store/close').send({ _id: 'x1' }),
      api(t).post('/api/store/reopen').send({ _id: 'x1' }),
      api(t).get('/api/store/stock').query({ storeId: 'x1' }),
      api(t).put('/api/store/stock').send({}),
      api(t).post('/api/store/transfer').send({}),
    ];
    for (const res of await Promise.all(routes)) expect(res.status).toBe(401);
    expect((await create(koramangala(), shopper)).status).toBe(403);
    expect((await api(t).get('/api/store/list').set(bearer(shopper))).status).toBe(403);
    expect((await api(t).post('/api/store/transfer').set(bearer(shopper)).send({})).status).toBe(403);
    expect((await api(t).put('/api/store/stock').set(bearer(shopper)).send({})).status).toBe(403);
  });

  it('creates, lists, updates, closes and reopens a store; a closed one keeps its pincodes and stock', async () => {
    const made = await store(koramangala({ servesPincodes: ['560047', '560047', '560030'] }));
    expect(made).toMatchObject({ servesPincodes: ['560030', '560047'], open: true, units: 0, products: 0, promiseMinutes: 10, pincode: '560034' });
    expect((await list()).find((s) => s._id === made._id)).toMatchObject({ open: true });

    const updated = await api(t)
      .put('/api/store/update')
      .set(bearer(admin))
      .send({ _id: made._id, promiseMinutes: 15, servesPincodes: ['560030', '560029'] });
    expect(updated.status).toBe(200);
    expect(updated.body.data.store).toMatchObject({ promiseMinutes: 15, servesPincodes: ['560029', '560030'], name: made.name });
    // 560047, left out, is free again for another store.
    await store(koramangala({ pincode: '560047', servesPincodes: ['560047'] }));

    const product = await addProduct(t, admin, shop, { price: 50, stock: 20 });
    expect((await transfer({ storeId: made._id, productId: product._id, units: 4, to: 'store' })).status).toBe(200);
    const closed = await api(t).post('/api/store/close').set(bearer(admin)).send({ _id: made._id });
    expect(closed.status).toBe(200);
    expect(closed.body.data.store).toMatchObject({ open: false, servesPincodes: ['560029', '560030'], units: 4, products: 1 });
    expect((await list()).find((s) => s._id === made._id)).toMatchObject({ open: false });
    expect((await stockAt(made._id))[0]).toMatchObject({ productId: product._id, onHand: 4, available: 4 });
    // Its pincodes stay its own while closed: another store cannot take them.
    expect((await create(koramangala({ servesPincodes: ['560029'] }))).status).toBe(409);
    const reopened = await api(t).post('/api/store/reopen').set(bearer(admin)).send({ _id: made._id });
    expect(reopened.body.data.store).toMatchObject({ open: true, servesPincodes: ['560029', '560030'], units: 4, products: 1 });
    expect((await api(t).post('/api/store/close').set(bearer(admin)).send({ _id: 'NOSUCHSTORE1' })).status).toBe(404);
  });

  it('a pincode another store serves is a 409 naming the pincode and that store, and nothing is written', async () => {
    const first = await store(koramangala({ pincode: '560038', servesPincodes: ['560038', '560008'] }));
    const clash = await create(koramangala({ pincode: '560071', servesPincodes: ['560071', '560008'] }));
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'CONFLICT', pincode: '560008', store: { _id: first._id, name: first.name }, fields: ['servesPincodes.1'] });
    expect(clash.body.message).toContain(first.name);
    const hindi = await create(koramangala({ pincode: '560071', servesPincodes: ['560008'] })).set('Accept-Language', 'hi-IN');
    expect(hindi.body.message).toBe(`servesPincodes.0: पिनकोड 560008 पर पहले से ${first.name} डिलीवरी करता है।`);
    // Nothing of the refused store stays: 560071 is still free.
    expect((await list()).some((s) => (s as unknown as { servesPincodes: string[] }).servesPincodes.includes('560071'))).toBe(false);
    const second = await store(koramangala({ pincode: '560071', servesPincodes: ['560071'] }));
    const onUpdate = await api(t)
      .put('/api/store/update')
      .set(bearer(admin))
      .send({ _id: second._id, servesPincodes: ['560071', '560038'] });
    expect(onUpdate.status).toBe(409);
    expect(onUpdate.body).toMatchObject({ pincode: '560038', store: { _id: first._id } });
    // Two admins claiming one pincode at once: one store gets it, the other is told who has it.
    const race = await Promise.all([0, 1, 2].map(() => create(koramangala({ pincode: '560043', servesPincodes: ['560043'] }))));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const winner = race.find((r) => r.status === 201)!.body.data.store as { _id: string };
    for (const lost of race.filter((r) => r.status === 409)) expect(lost.body).toMatchObject({ pincode: '560043', store: { _id: winner._id } });
    // The same name twice is refused too.
    const sameName = await create(koramangala({ name: first.name.toUpperCase(), servesPincodes: ['560075'] }));
    expect(sameName.status).toBe(409);
    expect(sameName.body.fields).toEqual(['name']);
  });

  it('bad fields are a 400 (or 422 outside the delivery zones) naming each field', async () => {
    const bad = await create({ name: '', pincode: '012345', servesPincodes: [], promiseMinutes: 2, address: 'x', city: 'B', state: 'K' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining(['name', 'pincode', 'servesPincodes', 'promiseMinutes']));
    const tooSlow = await create(koramangala({ promiseMinutes: 241 }));
    expect(tooSlow.status).toBe(400);
    expect(tooSlow.body.fields).toEqual(['promiseMinutes']);
    const unknown = await create(koramangala({ servesPincodes: ['560034', '999999'] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'PINCODE_UNKNOWN', fields: ['servesPincodes.1'], pincode: '999999' });
    const unserved = await create(koramangala({ servesPincodes: ['795001'] }));
    expect(unserved.status).toBe(422);
    expect(unserved.body).toMatchObject({ code: 'PINCODE_NOT_SERVED', fields: ['servesPincodes.0'] });
    const noId = await api(t).put('/api/store/update').set(bearer(admin)).send({ promiseMinutes: 10 });
    expect(noId.body.fields).toEqual(['_id']);
    const badTransfer = await transfer({ storeId: 'S1', productId: 'P1', units: 0, to: 'shelf' });
    expect(badTransfer.status).toBe(400);
    expect(badTransfer.body.fields).toEqual(expect.arrayContaining(['units', 'to']));
    const badSet = await setStock({ storeId: 'S1', productId: 'P1', stock: -1 });
    expect(badSet.body.fields).toEqual(expect.arrayContaining(['stock', 'expectedStock']));
  });

  it("sets a store's shelf with the figure the screen showed; a stale one is a 409 with the figure now; the ledger adds up", async () => {
    const s = await store(koramangala({ pincode: '560102', servesPincodes: ['560102'] }));
    const product = await addProduct(t, admin, shop, { price: 40, stock: 30 });
    const first = await setStock({ storeId: s._id, productId: product._id, stock: 12, expectedStock: 0 });
    expect(first.status).toBe(200);
    expect(first.body.data.unit).toEqual({ productId: product._id, variantId: null, onHand: 12, reserved: 0, available: 12 });
    const level = await pool(s._id, product._id);
    // A store pool is not the product's read model: no product id, no options.
    expect(level).toMatchObject({ onHand: 12, reserved: 0, productId: null, options: 0 });
    const stale = await setStock({ storeId: s._id, productId: product._id, stock: 20, expectedStock: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'STOCK_CHANGED', current: 12, productId: product._id });
    expect((await setStock({ storeId: s._id, productId: product._id, stock: 7, expectedStock: 12 })).body.data.unit.onHand).toBe(7);
    expect(await ledgerSum(level!.id)).toBe(7);
    // The warehouse is untouched by a shelf count.
    expect(await stockOf(t, product._id)).toBe(30);
    expect((await setStock({ storeId: s._id, productId: 'NOSUCHPRODUCT', stock: 1, expectedStock: 0 })).status).toBe(404);
    expect((await setStock({ storeId: 'NOSUCHSTORE', productId: product._id, stock: 1, expectedStock: 0 })).status).toBe(404);
    const wrongOption = await setStock({ storeId: s._id, productId: product._id, variantId: 'NOSUCHOPTION', stock: 1, expectedStock: 0 });
    expect(wrongOption.status).toBe(400);
    expect(wrongOption.body.fields).toEqual(['variantId']);
  });

  it('transfers both ways, two ledger rows each, the ledger adding up to both pools; more than available is refused', async () => {
    const s = await store(koramangala({ pincode: '560076', servesPincodes: ['560076'] }));
    const product = await addProduct(t, admin, shop, { price: 40, stock: 10 });
    const warehouse = await warehouseLevel(product._id);
    const there = await transfer({ storeId: s._id, productId: product._id, units: 6, to: 'store' });
    expect(there.status).toBe(200);
    expect(there.body.data.unit).toMatchObject({ onHand: 6, available: 6 });
    expect(await stockOf(t, product._id)).toBe(4);
    const back = await transfer({ storeId: s._id, productId: product._id, units: 2, to: 'warehouse' });
    expect(back.body.data.unit).toMatchObject({ onHand: 4, available: 4 });
    expect(await stockOf(t, product._id)).toBe(6);
    const level = (await pool(s._id, product._id))!;
    const rows = await t.db
      .select({ level: stockMovements.inventoryLevelId, reason: stockMovements.reason, onHand: stockMovements.onHandDelta })
      .from(stockMovements)
      .where(and(eq(stockMovements.reason, 'transfer'), sql`${stockMovements.inventoryLevelId} in (${level.id}, ${warehouse})`))
      .orderBy(asc(stockMovements.id));
    expect(rows).toEqual([
      { level: warehouse, reason: 'transfer', onHand: -6 },
      { level: level.id, reason: 'transfer', onHand: 6 },
      { level: level.id, reason: 'transfer', onHand: -2 },
      { level: warehouse, reason: 'transfer', onHand: 2 },
    ]);
    expect(await ledgerSum(level.id)).toBe(4);
    expect(await ledgerSum(warehouse)).toBe(6);

    const tooMany = await transfer({ storeId: s._id, productId: product._id, units: 7, to: 'store' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'OUT_OF_STOCK', available: 6, fields: ['units'] });
    const tooManyBack = await transfer({ storeId: s._id, productId: product._id, units: 5, to: 'warehouse' });
    expect(tooManyBack.body).toMatchObject({ code: 'OUT_OF_STOCK', available: 4 });
    expect(await stockOf(t, product._id)).toBe(6);
    expect((await stockAt(s._id))[0]).toMatchObject({ productId: product._id, variantId: null, onHand: 4, available: 4, warehouseAvailable: 6 });
    // The list counts the units on sale there (4 after the refusals) and the products they belong to (docs/architecture.md).
    expect((await list()).find((x) => x._id === s._id)).toMatchObject({ units: 4, products: 1 });
  });

  it('moves an option between its pools; a product sold in options needs the option named', async () => {
    const s = await store(koramangala({ pincode: '560068', servesPincodes: ['560068'] }));
    const made = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({
        hsn: '8518',
        gstRate: 18,
        name: `Round Neck T-shirt ${counter++}`,
        image: ['/uploads/p.webp'],
        unit: 'piece',
        stock: 0,
        price: 300,
        discount: 0,
        description: 'Cotton.',
        category: [shop.categoryId],
        subCategory: [shop.subCategoryId],
        variants: [
          { name: 'M', stock: 5 },
          { name: 'L', stock: 3 },
        ],
      });
    expect(made.status).toBe(201);
    const product = made.body.data as { _id: string; variants: Array<{ _id: string; name: string }> };
    const medium = product.variants.find((v) => v.name === 'M')!;
    const unnamed = await transfer({ storeId: s._id, productId: product._id, units: 1, to: 'store' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.fields).toEqual(['variantId']);
    const moved = await transfer({ storeId: s._id, productId: product._id, variantId: medium._id, units: 4, to: 'store' });
    expect(moved.body.data.unit).toMatchObject({ variantId: medium._id, onHand: 4 });
    expect(await stockAt(s._id)).toEqual([expect.objectContaining({ variantId: medium._id, variantName: 'M', onHand: 4, warehouseAvailable: 1 })]);
  });

  it('a crowd of transfers both ways at once is exact: no unit made or lost, never below zero', async () => {
    const s = await store(koramangala({ pincode: '560041', servesPincodes: ['560041'] }));
    const product = await addProduct(t, admin, shop, { price: 40, stock: 30 });
    // 40 transfers of 1 unit to the store and 10 back, racing: 30 units only, so some to the store are refused.
    const calls = [
      ...Array.from({ length: 40 }, () => transfer({ storeId: s._id, productId: product._id, units: 1, to: 'store' })),
      ...Array.from({ length: 10 }, () => transfer({ storeId: s._id, productId: product._id, units: 1, to: 'warehouse' })),
    ];
    const answers = await Promise.all(calls);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const toStore = answers.slice(0, 40).filter((a) => a.status === 200).length;
    const back = answers.slice(40).filter((a) => a.status === 200).length;
    const level = (await pool(s._id, product._id))!;
    expect(level.onHand).toBe(toStore - back);
    expect(await stockOf(t, product._id)).toBe(30 - toStore + back);
    expect(toStore).toBeGreaterThanOrEqual(30);
    expect(await ledgerSum(level.id)).toBe(level.onHand);
    const warehouse = await warehouseLevel(product._id);
    expect(await ledgerSum(warehouse)).toBe(30 - toStore + back);
    // Two first sets of a new unit at once make one pool, not two.
    const other = await addProduct(t, admin, shop, { price: 40, stock: 10 });
    const firsts = await Promise.all([
      setStock({ storeId: s._id, productId: other._id, stock: 3, expectedStock: 0 }),
      setStock({ storeId: s._id, productId: other._id, stock: 5, expectedStock: 0 }),
    ]);
    expect(firsts.map((f) => f.status).sort()).toEqual([200, 409]);
    const pools = await t.db.select().from(storeUnits).where(eq(storeUnits.storeId, s._id));
    expect(pools).toHaveLength(2);
  });

  it('orders and transfers of the same products at once: no deadlock, no 5xx, every unit accounted for', async () => {
    const s = await store(koramangala({ pincode: '560011', servesPincodes: ['560011'] }));
    const products = await Promise.all([0, 1].map(() => addProduct(t, admin, shop, { price: 10, stock: 1000 })));
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const c = await newCustomer(t, 'Asha');
        return { ...c, addressId: await addAddress(t, c.id) };
      }),
    );
    const ends = Date.now() + 3000;
    const answers: Array<{ who: string; status: number }> = [];
    let ordered = 0;
    const moved = [0, 0];
    const shopperLoop = async (c: (typeof shoppers)[number], i: number) => {
      for (let n = 0; Date.now() < ends; n++) {
        const [a, b] = (i + n) % 2 ? products : [...products].reverse();
        const res = await api(t)
          .post('/api/order/cash-on-delivery')
          .set(bearer(c.token))
          .send({ list_items: [line(a!, 1), line(b!, 1)], totalAmt: 20, address: c.addressId });
        answers.push({ who: 'order', status: res.status });
        if (res.status === 201) ordered += 1;
      }
    };
    const adminLoop = async (i: number) => {
      for (let n = 0; Date.now() < ends; n++) {
        const k = (i + n) % 2;
        const to = n % 3 === 2 ? 'warehouse' : 'store';
        const res = await transfer({ storeId: s._id, productId: products[k]!._id, units: 2, to });
        answers.push({ who: 'transfer', status: res.status });
        if (res.status === 200) moved[k]! += to === 'store' ? 2 : -2;
      }
    };
    await Promise.all([...shoppers.map(shopperLoop), ...[0, 1, 2].map(adminLoop)]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.who === 'order').every((a) => a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.who === 'transfer').every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.who === 'transfer' && a.status === 200).length).toBeGreaterThan(3);
    for (const [k, product] of products.entries()) {
      expect(await stockOf(t, product._id)).toBe(1000 - ordered - moved[k]!);
      const shelf = (await pool(s._id, product._id))!;
      expect(shelf.onHand).toBe(moved[k]);
      expect(await ledgerSum(shelf.id)).toBe(moved[k]);
      expect(await ledgerSum(await warehouseLevel(product._id))).toBe(1000 - moved[k]!);
    }
  });
});
