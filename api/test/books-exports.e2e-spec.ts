import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { binary } from './pdf-text.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { address } from './gstr1-month.js';
import { addProduct, line, openShop } from './order-fixtures.js';

const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);

/**
 * The books' exports (docs/product.md#exports): the orders of a period with their lines and payments, and the stock
 * ledger, as CSV and as an Excel workbook, for admins only; read back with csv-parse and exceljs.
 */
describe.each(DB_KINDS)('books exports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let orderId: string;
  let product: { _id: string; name: string };

  beforeAll(async () => {
    t = await startApp(kind, { SHOP_STATE: 'Karnataka' });
    admin = await adminToken(t);
    const shop = await openShop(t, admin);
    product = await addProduct(t, admin, shop, { price: 250, stock: 40, name: 'Godan, a novel' });
    const buyer = await newCustomer(t, 'Mumbai Traders LLP');
    const office = await address(t, buyer.token, { district: 'Mumbai', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', gstin: '27AAPFU0939F1ZV' });
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(buyer.token))
      .send({ list_items: [line(product, 3)], totalAmt: 750, addressId: office });
    expect(placed.status).toBe(201);
    orderId = placed.body.data.orderId;
  });
  afterAll(() => t.close());

  /** A CSV read back by exceljs's reader (fast-csv), each row by its heads, every value as the text written. */
  async function csvRows(csv: Buffer): Promise<Array<Record<string, string>>> {
    const sheet = await new ExcelJS.Workbook().csv.read(Readable.from([csv]), { map: (value: string) => value });
    const [header, ...rows] = (sheet.getSheetValues().slice(1) as string[][]).map((r) => r.slice(1));
    return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
  }

  const get = (path: string, token = admin) => api(t).get(path).set(bearer(token)).buffer(true).parse(binary);

  it('is for admins only, and names what is wrong with a period', async () => {
    const shopper = await newCustomer(t, 'Curious Shopper');
    for (const path of ['/api/admin/orders/export', '/api/admin/stock/ledger']) {
      const period = `from=${today}&to=${today}`;
      expect((await api(t).get(`${path}?${period}`)).status).toBe(401);
      expect((await api(t).get(`${path}?${period}`).set(bearer(shopper.token))).status).toBe(403);
      const bad = await api(t).get(`${path}?from=${today}&to=${today}&format=pdf`).set(bearer(admin));
      expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: 'format: must be csv or xlsx' });
      const hindi = await api(t).get(`${path}?from=${tomorrow}&to=${today}`).set(bearer(admin)).set('Accept-Language', 'hi-IN');
      expect({ status: hindi.status, message: hindi.body.message }).toEqual({ status: 400, message: 'to: from से पहले की नहीं होनी चाहिए' });
    }
  });

  it('exports the orders of a period, a row per line with the order’s payment, as CSV', async () => {
    const res = await get(`/api/admin/orders/export?from=${today}&to=${today}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today}-${today}.csv"`);
    const rows = await csvRows(res.body as Buffer);
    expect(rows).toEqual([
      expect.objectContaining({
        Order: orderId,
        Status: 'PLACED',
        'Payment method': 'COD',
        'Payment status': 'CASH ON DELIVERY',
        'Payment reference': '',
        'Order total': '750',
        Buyer: 'Asha Rao',
        State: 'Maharashtra',
        Pincode: '400001',
        'Buyer GSTIN': '27AAPFU0939F1ZV',
        Line: '1',
        Product: 'Godan, a novel',
        Quantity: '3',
        'Unit price': '250',
        'Line total': '750',
      }),
    ]);
    expect(rows[0]!['Placed at (IST)']).toMatch(new RegExp(`^${today} \\d\\d:\\d\\d:\\d\\d$`));
    // Another period has none.
    const later = await get(`/api/admin/orders/export?from=${tomorrow}&to=${tomorrow}`);
    expect(await csvRows(later.body as Buffer)).toEqual([]);
  });

  it('exports the stock ledger as an Excel workbook', async () => {
    const res = await get(`/api/admin/stock/ledger?from=${today}&to=${today}&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from([res.body as Buffer]));
    const sheet = book.getWorksheet('Stock ledger')!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    const header = values[0]!.slice(1);
    expect(header).toEqual(['Entry', 'At (IST)', 'SKU', 'Product', 'Option', 'Reason', 'On hand change', 'Reserved change', 'Order', 'Admin']);
    const rows = values.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i + 1] ?? null])));
    // The stock the product was made with, then the order's reservation.
    expect(rows).toEqual([
      expect.objectContaining({ Product: 'Godan, a novel', Reason: 'initial', 'On hand change': 40, 'Reserved change': 0, Order: null }),
      expect.objectContaining({ Product: 'Godan, a novel', Reason: 'order', 'On hand change': 0, 'Reserved change': 3, Order: orderId }),
    ]);
    expect(rows[0]!.SKU).toEqual(expect.any(String));
  });
});
