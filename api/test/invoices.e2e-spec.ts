import { eq } from 'drizzle-orm';
import { CashOnDeliveryBody } from '@haat/shared/orders/order.schema';
import { invoices } from '../src/invoices/invoices.table.js';
import { OrderLifecycle } from '../src/orders/lifecycle/order-lifecycle.service.js';
import { lockOrder } from '../src/orders/lifecycle/transition.js';
import { OrderPlacementService } from '../src/orders/order-placement.service.js';
import { setOrderCheckoutSession } from '../src/orders/orders.repository.js';
import type { OrderRow } from '../src/orders/orders.table.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { binary, pdfText } from './pdf-text.js';
import { addAddress, line, openShop, type Shop } from './order-fixtures.js';

/**
 * Tax invoices (docs/product.md#tax-invoices): made once when a sale completes, numbered without gaps
 * under a crowd, split into CGST + SGST within the shop's state and IGST across states, served as JSON
 * and as a PDF to the order's shopper and to admins only; a cancelled invoiced order gets a credit note.
 */
describe.each(DB_KINDS)('tax invoices on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  let earbuds: { _id: string };
  let book: { _id: string };
  let shopper: { id: string; token: string };
  let inState: string;
  let otherState: string;

  beforeAll(async () => {
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '100000', SHOP_STATE: 'Karnataka', SHOP_LEGAL_NAME: 'Haat Test Retail LLP' });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
    earbuds = await product({ name: 'Boult Earbuds', price: 1180, hsn: '8518', gstRate: 18 });
    book = await product({ name: 'Godan', price: 250, hsn: '4901', gstRate: 0 });
    shopper = await newCustomer(t, 'Meera Iyer');
    inState = await addAddress(t, shopper.id);
    otherState = await addAddress(t, shopper.id, { state: 'Maharashtra', city: 'Mumbai', district: 'Mumbai', pincode: '400001' });
  });
  afterAll(() => t.close());

  async function product(input: { name: string; price: number; hsn: string; gstRate: number }) {
    const res = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ ...input, unit: '1 pc', stock: 10_000, description: 'x', category: [shop.categoryId], subCategory: [shop.subCategoryId] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ hsn: input.hsn, gstRate: input.gstRate });
    return res.body.data as { _id: string };
  }

  async function codOrder(addressId: string, items = [line(earbuds, 1), line(book, 2)], total = 1180 + 500): Promise<string> {
    const res = await api(t).post('/api/order/cash-on-delivery').set(bearer(shopper.token)).send({ list_items: items, totalAmt: total, addressId });
    expect(res.status).toBe(201);
    return res.body.data.orderId as string;
  }

  const deliver = (orderId: string) => api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' });
  const invoiceJson = (orderId: string, token = shopper.token) =>
    api(t).get(`/api/order/${orderId}/invoice`).set(bearer(token)).set('Accept', 'application/json');

  it('a cash order has no invoice until it is delivered, then one within the state: CGST + SGST', async () => {
    const orderId = await codOrder(inState);
    const early = await invoiceJson(orderId);
    expect(early.status).toBe(404);
    expect(early.body.message).toMatch(/paid \(card\) or delivered/);

    expect((await deliver(orderId)).status).toBe(200);
    const res = await invoiceJson(orderId);
    expect(res.status).toBe(200);
    const doc = res.body.data;
    expect(doc.number).toMatch(/^HT\/\d{2}-\d{2}\/\d{6}$/);
    expect(doc).toMatchObject({
      kind: 'invoice',
      orderId,
      seller: { name: 'Haat Test Retail LLP', gstin: '29AAHCH4527K1Z7', state: 'Karnataka' },
      buyer: { name: 'Asha Rao', state: 'Karnataka' },
      placeOfSupply: 'Karnataka',
    });
    expect(doc.lines).toEqual([
      { name: 'Boult Earbuds', hsn: '8518', quantity: 1, rate: 18, taxable: 1000, cgst: 90, sgst: 90, igst: 0, total: 1180, position: 0 },
      { name: 'Godan', hsn: '4901', quantity: 2, rate: 0, taxable: 500, cgst: 0, sgst: 0, igst: 0, total: 500, position: 1 },
    ]);
    expect(doc.totals).toEqual({ taxable: 1500, cgst: 90, sgst: 90, igst: 0, total: 1680 });

    // The order answers name it, and a second delivery attempt makes no second invoice.
    const list = await api(t).get('/api/order/order-list').set(bearer(shopper.token));
    expect(list.body.data.find((o: { orderId: string }) => o.orderId === orderId).invoice).toEqual({ number: doc.number, date: doc.date });
    expect((await deliver(orderId)).status).toBe(409);
    expect((await invoiceJson(orderId)).body.data.number).toBe(doc.number);
  });

  it('to another state the tax is IGST, and the lines add up to the order to the paisa', async () => {
    // 3 × 333.33 at 18 % and a book: awkward figures whose tax must not lose a paisa.
    const odd = await product({ name: 'Neckband', price: 333.33, hsn: '851830', gstRate: 18 });
    const orderId = await codOrder(otherState, [line(odd, 3), line(book, 1)], 999.99 + 250);
    await deliver(orderId);
    const doc = (await invoiceJson(orderId)).body.data;
    expect(doc.placeOfSupply).toBe('Maharashtra');
    expect(doc.lines[0]).toMatchObject({ hsn: '851830', rate: 18, taxable: 847.45, cgst: 0, sgst: 0, igst: 152.54, total: 999.99 });
    const paise = (n: number) => Math.round(n * 100);
    for (const l of doc.lines) expect(paise(l.taxable) + paise(l.igst)).toBe(paise(l.total));
    expect(paise(doc.totals.total)).toBe(paise(999.99 + 250));
  });

  it("within the state CGST and SGST are the same half on every line, so a four-line invoice's columns agree", async () => {
    // Each of these lines has an odd number of paise of tax: halving each line's tax and giving CGST the rounded
    // half put 4 paise more in CGST than in SGST (219.82 against 219.78).
    const prices = [333.33, 499.99, 1299, 749.5];
    const items = [];
    for (const [i, price] of prices.entries()) items.push(line(await product({ name: `Odd ${i}`, price, hsn: '8518', gstRate: 18 }), 1));
    const orderId = await codOrder(inState, items, 333.33 + 499.99 + 1299 + 749.5);
    await deliver(orderId);
    const doc = (await invoiceJson(orderId)).body.data;
    const paise = (n: number) => Math.round(n * 100);
    expect(doc.totals).toMatchObject({ cgst: 219.8, sgst: 219.8, igst: 0, total: 2881.82 });
    for (const key of ['taxable', 'cgst', 'sgst', 'total'] as const)
      expect(paise(doc.totals[key])).toBe(doc.lines.reduce((sum: number, l: Record<string, number>) => sum + paise(l[key]!), 0));
    for (const l of doc.lines) {
      expect(l.cgst).toBe(l.sgst);
      expect(paise(l.taxable) + paise(l.cgst) + paise(l.sgst)).toBe(paise(l.total));
    }
  });

  it("the place of supply is the delivery pincode's state, whatever state the address was saved with", async () => {
    // Saved before states were checked against pincodes: "Karnataka" typed with Mumbai's 400001.
    const typedWrong = await addAddress(t, shopper.id, { state: 'Karnataka', city: 'Mumbai', district: 'Mumbai', pincode: '400001' });
    const orderId = await codOrder(typedWrong);
    await deliver(orderId);
    const doc = (await invoiceJson(orderId)).body.data;
    expect(doc.placeOfSupply).toBe('Maharashtra');
    expect(doc.totals).toMatchObject({ cgst: 0, sgst: 0, igst: 180, total: 1680 });
  });

  it('is the PDF by default, readable as a tax invoice', async () => {
    const orderId = await codOrder(inState);
    await deliver(orderId);
    const number = (await invoiceJson(orderId)).body.data.number as string;
    const res = await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(shopper.token)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toContain(`${number.replaceAll('/', '-')}.pdf`);
    const text = pdfText(res.body as Buffer);
    for (const expected of [
      'Tax Invoice',
      number,
      'GSTIN: 29AAHCH4527K1Z7',
      'Haat Test Retail LLP',
      '8518',
      '4901',
      '1,680.00',
      'One Thousand Six Hundred Eighty',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is 404 for another shopper and for an unknown order, and open to admins', async () => {
    const orderId = await codOrder(inState);
    await deliver(orderId);
    const stranger = await newCustomer(t, 'Stranger');
    const theirs = await invoiceJson(orderId, stranger.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found.' });
    expect((await invoiceJson('HTNOSUCH1', stranger.token)).status).toBe(404);
    expect((await invoiceJson(orderId, admin)).status).toBe(200);
    expect((await api(t).get(`/api/order/${orderId}/invoice`)).status).toBe(401);
  });

  it('numbers invoices without gaps when many orders are delivered at once', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await codOrder(inState, [line(book, 1)], 250));
    const answers = await Promise.all(ids.map(deliver));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const numbers = await Promise.all(ids.map(async (id) => (await invoiceJson(id)).body.data.number as string));
    const all = await t.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.kind, 'invoice')).orderBy(invoices.number);
    const seq = all.map((r) => Number(r.number.split('/')[2]));
    expect(seq).toEqual(seq.map((_, i) => i + 1)); // 1, 2, 3 … with nothing skipped or repeated
    expect(new Set(numbers).size).toBe(12);
  });

  it('a paid card order is invoiced when paid, and its cancellation gets a linked credit note', async () => {
    const input = CashOnDeliveryBody.parse({ list_items: [line(earbuds, 1)], totalAmt: 1180, addressId: inState });
    const { order } = await t.app.get(OrderPlacementService).place(shopper.id, input, 'CARD');
    await setOrderCheckoutSession(t.db, order.id, `cs_test_${order.id}`, null);
    const lifecycle = t.app.get(OrderLifecycle);
    await t.db.transaction(async (tx) =>
      lifecycle.transitionIn(tx, (await lockOrder(tx, order.id)) as OrderRow, 'PLACED', 'payment', { paymentIntent: 'pi_1' }),
    );
    const invoice = (await invoiceJson(order.id)).body.data;
    expect(invoice.kind).toBe('invoice');
    expect((await api(t).get(`/api/order/${order.id}/credit-note`).set(bearer(shopper.token)).set('Accept', 'application/json')).status).toBe(404);

    const cancel = await api(t).post('/api/order/cancel').set(bearer(shopper.token)).send({ orderId: order.id });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.creditNotes).toHaveLength(1);
    const note = (await api(t).get(`/api/order/${order.id}/credit-note`).set(bearer(shopper.token)).set('Accept', 'application/json')).body.data;
    expect(note.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(note).toMatchObject({ kind: 'credit_note', invoiceNumber: invoice.number, totals: invoice.totals, lines: invoice.lines });
  });
});
