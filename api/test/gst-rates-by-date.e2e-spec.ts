import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { products } from '../src/catalog/products.table.js';
import { invoices } from '../src/invoices/invoices.table.js';
import { issueCreditNote } from '../src/invoices/index.js';
import { OrderLifecycle } from '../src/orders/lifecycle/order-lifecycle.service.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, line, openShop, type Shop } from './order-fixtures.js';
import { RATES_FROM_2025_BY_HSN } from '@haat/shared/gst/gst-rates';

/** The migration that moved the shop's products to the rates of 22 September 2025, run again as it ran once. */
const MOVE = readFileSync(new URL('../drizzle/0049_products-on-the-rates-of-2025.sql', import.meta.url), 'utf8');
/** India's clock on a day of 2025. */
const ist = (day: string, time = '12:00') => new Date(`2025-${day}T${time}:00+05:30`);

/**
 * GST rates by the day they are in force (docs/decisions/0200-tax-invoices.md): the slabs of Notification 1/2017 until
 * 21 September 2025 and of 9/2025-Central Tax (Rate) from the 22nd. A toy filed at 12 % is invoiced at 12 % on the 21st
 * and at 5 % (its HSN code's rate since) on the 22nd; returned on 1 October, the older invoice's credit note keeps 12 %;
 * GSTR-1 reports each at its own rate. Products are written through the API at today's rates, then set back to 2024's
 * filing (as a shop's catalogue stood) and moved by the migration itself.
 */
describe.each(DB_KINDS)('GST rates by date on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  let shopper: { id: string; token: string };
  let address: string;
  const made: Record<'toy' | 'gadget' | 'kurta' | 'nohsn', { _id: string }> = {} as never;

  const product = async (name: string, price: number, hsn: string, gstRate: number) => {
    const res = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ name, price, hsn, gstRate, unit: '1 pc', stock: 100, description: 'x', category: [shop.categoryId], subCategory: [shop.subCategoryId] });
    expect(res.status).toBe(201);
    return res.body.data as { _id: string };
  };
  /** A cash order of a toy, placed now. */
  const placedToy = async () => {
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(made.toy, 1)], totalAmt: 1050, addressId: address });
    expect(placed.status).toBe(201);
    return placed.body.data.orderId as string;
  };
  /** The toy's order delivered, so invoiced, at `when`: its invoice. */
  const deliveredToy = async (when: Date, placed?: string) => {
    const orderId = placed ?? (await placedToy());
    await t.app.get(OrderLifecycle).move(orderId, 'DELIVERED', 'admin', { extras: { now: when }, read: () => Promise.resolve(null) });
    const invoice = await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(shopper.token)).set('Accept', 'application/json');
    return {
      orderId,
      ...(invoice.body.data as { number: string; date: string; lines: Array<{ rate: number; taxable: number; cgst: number; total: number }> }),
    };
  };

  beforeAll(async () => {
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '100000', SHOP_STATE: 'Karnataka' });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
    shopper = await newCustomer(t, 'Ravi Kumar');
    address = await addAddress(t, shopper.id);
    made.toy = await product('Wooden train', 1050, '9503', 5);
    made.gadget = await product('Laser pointer', 500, '9013', 18);
    made.kurta = await product('Silk kurta', 3000, '6206', 18);
    made.nohsn = await product('Old stock tin', 200, '7323', 5);
  });
  afterAll(() => t.close());

  it('refuses a rate not in force today (12 %), and a product without an HSN code, naming the field', async () => {
    const body = { name: 'Kite', price: 100, unit: '1 pc', stock: 1, description: 'x', category: [shop.categoryId] };
    const twelve = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ ...body, hsn: '9503', gstRate: 12 });
    expect([twelve.status, twelve.body.fields, twelve.body.message]).toEqual([
      400,
      ['gstRate'],
      'gstRate: must be a GST rate in force today (0, 0.25, 1.5, 3, 5, 18, 28, 40)',
    ]);
    const noHsn = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ ...body, gstRate: 5 });
    expect([noHsn.status, noHsn.body.fields, noHsn.body.message]).toEqual([400, ['hsn'], 'hsn: is required']);
    // 40 % is a slab since 22 September 2025.
    expect(
      (
        await api(t)
          .post('/api/product/create')
          .set(bearer(admin))
          .send({ ...body, name: 'Cola', hsn: '2202', gstRate: 40 })
      ).status,
    ).toBe(201);
  });

  it('moves the 12 % and 28 % products to their HSN code’s rate, lists the rest for the admin, and leaves issued invoices alone', async () => {
    // The catalogue as it was filed before 22 September 2025, and an invoice issued on the 20th on it (of an order placed
    // while the toy was on sale: one on a rate no longer in force is not sold).
    const placed = await placedToy();
    await t.db
      .update(products)
      .set({ gstRate: 12 })
      .where(inArray(products.id, [made.toy._id, made.gadget._id, made.kurta._id]));
    await t.db.update(products).set({ hsn: null }).where(eq(products.id, made.nohsn._id));
    const earlier = await deliveredToy(ist('09-20'), placed);
    expect(earlier.lines[0]).toMatchObject({ rate: 12, taxable: 937.5, cgst: 56.25 });
    const [issued] = await t.db.select().from(invoices).where(eq(invoices.number, earlier.number));

    await t.db.execute(sql.raw(MOVE));
    const rates = await t.db
      .select({ id: products.id, rate: products.gstRate, before: products.gstRateBefore, since: products.gstRateSince })
      .from(products)
      .where(inArray(products.id, [made.toy._id, made.gadget._id, made.kurta._id]));
    expect(Object.fromEntries(rates.map((r) => [r.id, [r.rate, r.before, r.since]]))).toEqual({
      [made.toy._id]: [5, 12, '2025-09-22'],
      // A silk kurta at ₹3,000 a piece, above ₹2,500: 18 %.
      [made.kurta._id]: [18, 12, '2025-09-22'],
      // Optical goods are not in the shop's list: left at 12 % for the admin to file.
      [made.gadget._id]: [12, null, null],
    });
    // Run again, it changes nothing.
    await t.db.execute(sql.raw(MOVE));
    const filing = (await api(t).get('/api/admin/gst/tax-filing').set(bearer(admin))).body.data;
    expect(filing.moved.map((m: { name: string; rateBefore: number; rateAfter: number | null }) => [m.name, m.rateBefore, m.rateAfter]).sort()).toEqual([
      ['Laser pointer', 12, null],
      ['Silk kurta', 12, 18],
      ['Wooden train', 12, 5],
    ]);
    expect(filing.unfiled.map((p: { name: string; hsn: string | null; gstRate: number }) => [p.name, p.hsn, p.gstRate]).sort()).toEqual([
      ['Laser pointer', '9013', 12],
      ['Old stock tin', null, 5],
    ]);
    expect((await api(t).get('/api/admin/gst/tax-filing').set(bearer(shopper.token))).status).toBe(403);
    // The invoice issued before is the document it was.
    expect((await t.db.select().from(invoices).where(eq(invoices.number, earlier.number)))[0]).toEqual(issued);
    // A product still to file is not sold (so never invoiced) until an admin files it.
    for (const p of [made.gadget, made.nohsn]) {
      const res = await api(t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(shopper.token))
        .send({ list_items: [line(p, 1)], totalAmt: 500, addressId: address });
      expect([res.status, res.body.code]).toEqual([409, 'UNAVAILABLE']);
    }
    // The migration's list of codes is the shared one.
    const listed = [...MOVE.matchAll(/\('(\d+)', (\d+)\)/g)].map(([, prefix, rate]) => [prefix, Number(rate)]);
    expect(listed).toEqual(RATES_FROM_2025_BY_HSN.map(([prefix, rate]) => [prefix, rate]));
  });

  it('invoices on each side of 22 September 2025 at the rate of the day, and a return keeps its invoice’s rate', async () => {
    const before = await deliveredToy(ist('09-21', '23:59'));
    const after = await deliveredToy(ist('09-22', '00:01'));
    // ₹1,050 at 12 %: 937.50 + 56.25 + 56.25; at 5 %: 1,000 + 25 + 25.
    expect(before.lines[0]).toMatchObject({ rate: 12, taxable: 937.5, cgst: 56.25, total: 1050 });
    expect(after.lines[0]).toMatchObject({ rate: 5, taxable: 1000, cgst: 25, total: 1050 });

    // The toy invoiced on the 21st comes back on 1 October: its credit note credits it at 12 %, the rate it was sold at.
    const note = await t.db.transaction((tx) => issueCreditNote(tx, before.orderId, 'return-test', ist('10-01'), [{ position: 0, quantity: 1, total: 1050 }]));
    expect(note!.document.lines[0]).toMatchObject({ rate: 12, taxable: 937.5, cgst: 56.25, sgst: 56.25, total: 1050 });
    const notes = (await api(t).get('/api/order/order-list').set(bearer(shopper.token))).body.data.find(
      (o: { orderId: string }) => o.orderId === before.orderId,
    ).creditNotes;
    expect(notes.map((n: { number: string }) => n.number)).toEqual([note!.number]);
    // Each credit note by its number; a number the order has not is a 404 naming it, a mistyped one a 400.
    const byNumber = (query: string, token = shopper.token) =>
      api(t).get(`/api/order/${before.orderId}/credit-note?${query}`).set(bearer(token)).set('Accept', 'application/json');
    expect((await byNumber(`number=${encodeURIComponent(note!.number)}`)).body.data).toMatchObject({ kind: 'credit_note', number: note!.number });
    const unknown = await byNumber('number=CN/25-26/999999');
    expect([unknown.status, unknown.body.fields]).toEqual([404, ['number']]);
    expect((await byNumber('number=nonsense')).status).toBe(400);
    expect((await byNumber(`number=${encodeURIComponent(note!.number)}`, (await newCustomer(t, 'Someone Else')).token)).status).toBe(404);

    // September's return: each sale at its own rate (the 20th's and 21st's at 12 %, the 22nd's at 5 %).
    const september = (await api(t).get('/api/admin/gst/gstr1?from=2025-09-01&to=2025-09-30').set(bearer(admin))).body;
    expect(september.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 5, txval: 1000, camt: 25, samt: 25, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 12, txval: 1875, camt: 112.5, samt: 112.5, csamt: 0 },
    ]);
    // October's: the credit note reduces the 12 % row of consumer sales in Karnataka, below zero in a month without such sales.
    const october = (await api(t).get('/api/admin/gst/gstr1?from=2025-10-01&to=2025-10-31').set(bearer(admin))).body;
    expect(october.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 12, txval: -937.5, camt: -56.25, samt: -56.25, csamt: 0 }]);
    expect(october.hsn.hsn_b2c).toEqual([expect.objectContaining({ hsn_sc: '9503', qty: -1, rt: 12, txval: -937.5 })]);
    expect(october.doc_issue.doc_det).toEqual([
      { doc_num: 5, doc_typ: 'Credit Note', docs: [expect.objectContaining({ from: note!.number, to: note!.number })] },
    ]);
  });
});

/** A shop whose turnover last year was above ₹5 crore writes 6 digits of HSN code (Notification 78/2020-Central Tax). */
describe.each(DB_KINDS)('HSN codes of 6 digits on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(kind, { SHOP_HSN_DIGITS: '6' });
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  it('refuses a 4-digit code on the form’s API and in an import, and takes 6', async () => {
    const shop = await openShop(t, admin);
    const body = { name: 'Spinning top', price: 100, gstRate: 5, unit: '1 pc', stock: 1, description: 'x', category: [shop.categoryId] };
    const four = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ ...body, hsn: '9503' });
    expect([four.status, four.body.fields, four.body.message]).toEqual([
      400,
      ['hsn'],
      "hsn: must be an HSN code of at least 6 digits (the shop's turnover needs them)",
    ]);
    expect(
      (
        await api(t)
          .post('/api/product/create')
          .set(bearer(admin))
          .send({ ...body, hsn: '950300' })
      ).status,
    ).toBe(201);
    const category = (await api(t).get('/api/category/get')).body.data.find((c: { _id: string }) => c._id === shop.categoryId).name as string;
    const file = `sku,name,category,unit,price,hsn,gst_rate\nTOP-6,Top,${category},1 pc,100,9503,5`;
    const report = await api(t).post('/api/admin/catalog/import?dryRun=1').set(bearer(admin)).attach('file', Buffer.from(file), 'c.csv');
    expect(report.body.errors).toEqual([{ row: 2, column: 'hsn', message: "must be an HSN code of at least 6 digits (the shop's turnover needs them)" }]);
  });
});
