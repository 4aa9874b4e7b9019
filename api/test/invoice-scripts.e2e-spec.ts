import { invoicePdfs } from '../src/invoices/invoice-pdfs.table.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { binary, pdfText } from './pdf-text.js';
import { addAddress, line, openShop } from './order-fixtures.js';

/**
 * Tax documents in the script the shopper typed (docs/product.md#tax-invoices): a Devanagari name, address
 * and product name print as typed and amounts carry ₹, read back by poppler's pdftotext; the PDF is drawn once
 * and kept; downloads are limited per account at their real size (RATE_LIMIT_FACTOR=1).
 */
describe.each(DB_KINDS)('tax documents in every script on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '100000', SHOP_STATE: 'Karnataka', RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(() => t.close());

  it('prints a Devanagari name, address and product as typed, with ₹; draws once, keeps it, and limits downloads per account', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const made = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ name: 'स्टील टिफ़िन', price: 1299, unit: '1 pc', stock: 100, description: 'x', hsn: '7323', gstRate: 18, category: [shop.categoryId] });
    expect(made.status).toBe(201);
    const shopper = await newCustomer(t, 'प्रिया शर्मा');
    const address = await addAddress(t, shopper.id, { name: 'प्रिया शर्मा', addressLine: 'गांधी नगर' });
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(made.body.data, 1)], totalAmt: 1299, addressId: address });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' })).status).toBe(200);

    const download = () => api(t).get(`/api/order/${orderId}/invoice`).set(bearer(shopper.token)).buffer(true).parse(binary);
    const first = await download();
    expect(first.status).toBe(200);
    const text = pdfText(first.body as Buffer);
    for (const typed of ['प्रिया शर्मा', 'गांधी नगर', 'स्टील टिफ़िन', '₹1,299.00']) expect(text).toContain(typed);
    expect(text).not.toContain('Rs.');

    // Kept: one row, and the next download is the same bytes.
    const second = await download();
    expect(Buffer.compare(second.body as Buffer, first.body as Buffer)).toBe(0);
    expect(await t.db.select({ id: invoicePdfs.invoiceId }).from(invoicePdfs)).toHaveLength(1);
    const kept = await t.db.select({ bytes: invoicePdfs.bytes }).from(invoicePdfs);
    expect(Buffer.compare(kept[0]!.bytes, first.body as Buffer)).toBe(0);
    // The fonts' subsets, not their 200 KB and more each.
    expect(kept[0]!.bytes.length).toBeLessThan(120_000);

    // Downloads per account: 20 a minute, then 429 with Retry-After (the JSON form counts alike).
    const statuses: number[] = [];
    for (let i = 0; i < 19; i++)
      statuses.push((await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(shopper.token)).set('Accept', 'application/json')).status);
    expect(statuses).toEqual(Array(18).fill(200).concat(429));
    const limited = await download();
    expect([limited.status, Number(limited.headers['retry-after']) > 0]).toEqual([429, true]);
  });
});
