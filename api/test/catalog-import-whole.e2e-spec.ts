import { setTimeout as pause } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ImportJobStatus, ImportReport } from '@haat/shared/catalog/catalog-import';
import { products } from '../src/catalog/products.table.js';
import { api, bearer, DB_KINDS, startWithUsers, type TestApp } from './harness.js';
import { addCategory, uniqueName } from './catalog-fixtures.js';

const HEADER = 'sku,product_sku,name,category,subcategory,brand,unit,option,price,discount,stock,stock_exported,hsn,gst_rate,description,pictures';

/**
 * An import never half-applies (docs/product.md#import-and-export): a product with any bad row is left out whole,
 * created or updated alike, and the job's counts say so; a SKU in two rows refuses every one of them; Excel's cells are
 * read as Excel shows them; a semicolon-separated file is read with its decimal commas.
 */
describe.each(DB_KINDS)('an import that never half-applies, on %s', (kind) => {
  let t: TestApp, admin: string, cat: { name: string }, tag: string;
  beforeAll(async () => {
    ({ t, admin } = await startWithUsers(kind));
    cat = await addCategory(t, admin, uniqueName('Snacks'));
    tag = Date.now().toString(36).toUpperCase();
  });
  afterAll(() => t.close());

  const sku = (s: string) => `${s}-${tag}`.toUpperCase();
  const post = (query: string, file: Buffer | string, name = 'catalogue.csv') =>
    api(t).post(`/api/admin/catalog/import${query}`).set(bearer(admin)).attach('file', Buffer.from(file), name);
  const dryRun = async (file: Buffer | string, name?: string): Promise<ImportReport> => {
    const res = await post('?dryRun=1', file, name);
    expect(res.status).toBe(200);
    return res.body as ImportReport;
  };
  const applied = async (file: Buffer | string, name?: string): Promise<ImportJobStatus> => {
    const res = await post('', file, name);
    expect(res.status).toBe(200);
    const { jobId } = res.body as { jobId: string };
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = (await api(t).get(`/api/admin/catalog/import/${jobId}`).set(bearer(admin))).body as ImportJobStatus;
      if (status.state !== 'running' || Date.now() > deadline) return status;
      await pause(50);
    }
  };
  const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
  const productBySku = async (s: string) => (await t.db.select().from(products).where(eq(products.sku, s)))[0];

  it('leaves out a new product whose category is not the shop’s, and an update with one, whole; the counts say so', async () => {
    await applied(csv(`${sku('BHUJIA')},,Aloo bhujia,${cat.name},,,200 g,,55,,10,,2106,5,,`));
    const file = csv(
      `${sku('MIXTURE')},,Kerala mixture,No such shelf,,,200 g,,60,,10,,2106,5,,`,
      `${sku('MIXTURE-400')},${sku('MIXTURE')},,,,,,400 g,110,,5,,,,,`,
      `${sku('BHUJIA')},,Aloo bhujia,${cat.name}|Nowhere,,,200 g,,65,,,,2106,5,,`,
      `${sku('SEV')},,Ratlami sev,${cat.name},,,200 g,,45,,10,,2106,5,,`,
    );
    const report = await dryRun(file);
    expect(report).toMatchObject({ total: 4, creates: 1, updates: 0, skipped: 1, errorCount: 2 });
    expect(report.errors).toEqual([
      { row: 2, column: 'category', message: '"No such shelf" is not a category of the shop' },
      { row: 4, column: 'category', message: '"Nowhere" is not a category of the shop' },
    ]);
    const job = await applied(file);
    expect(job).toMatchObject({ state: 'done', total: 4, done: 4, creates: 1, updates: 0, skipped: 1, errorCount: 2 });
    expect(await productBySku(sku('MIXTURE'))).toBeUndefined();
    // The price of the row with a bad category is not taken either.
    expect(await productBySku(sku('BHUJIA'))).toMatchObject({ price: 55 });
    expect(await productBySku(sku('SEV'))).toMatchObject({ name: 'Ratlami sev' });
  });

  it('refuses every row of a SKU that is in two rows, naming the others, and applies none of them', async () => {
    await applied(csv(`${sku('CHAKLI')},,Chakli,${cat.name},,,200 g,,40,,10,,2106,5,,`));
    const file = csv(
      `${sku('CHAKLI')},,Chakli,${cat.name},,,200 g,,42,,,,,,,`,
      `${sku('MATHRI')},,Mathri,${cat.name},,,200 g,,35,,10,,2106,5,,`,
      `${sku('CHAKLI')},,Chakli (spicy),${cat.name},,,200 g,,44,,,,,,,`,
      `${sku('MATHRI-400')},${sku('MATHRI')},,,,,,400 g,65,,4,,,,,`,
      `${sku('MATHRI-400')},${sku('MATHRI')},,,,,,400 g,66,,4,,,,,`,
    );
    const report = await dryRun(file);
    const why = (rows: string) => `is in rows ${rows}: a SKU may be in one row only, so none of them is imported`;
    expect(report.errors).toEqual([
      { row: 2, column: 'sku', message: why('2, 4') },
      { row: 4, column: 'sku', message: why('2, 4') },
      { row: 5, column: 'sku', message: why('5, 6') },
      { row: 6, column: 'sku', message: why('5, 6') },
    ]);
    expect(report).toMatchObject({ total: 5, creates: 0, updates: 0, skipped: 1, errorCount: 4 });
    const job = await applied(file);
    expect(job).toMatchObject({ state: 'done', creates: 0, updates: 0, skipped: 1, errorCount: 4 });
    expect(await productBySku(sku('CHAKLI'))).toMatchObject({ name: 'Chakli', price: 40 });
    expect(await productBySku(sku('MATHRI'))).toBeUndefined();
  });

  it('needs an HSN code and a rate in force today of a new product, and of an old product it updates', async () => {
    const report = await dryRun(
      csv(`${sku('PAPAD')},,Papad,${cat.name},,,200 g,,40,,10,,,12,,`, `${sku('KHAKHRA')},,Khakhra,${cat.name},,,200 g,,40,,10,,21,5,,`),
    );
    expect(report.errors).toEqual([
      { row: 2, column: 'hsn', message: 'is required for a new product' },
      { row: 2, column: 'gst_rate', message: 'must be a GST rate in force today (0, 0.25, 1.5, 3, 5, 18, 28, 40)' },
      { row: 3, column: 'hsn', message: 'must be an HSN code of 4, 6 or 8 digits' },
    ]);
    // A product stored before the codes were required (or on the 12 % slab since gone) is filed by the row that updates it.
    await applied(csv(`${sku('GATHIYA')},,Gathiya,${cat.name},,,200 g,,40,,10,,2106,5,,`));
    await t.db
      .update(products)
      .set({ hsn: null, gstRate: 12 })
      .where(eq(products.sku, sku('GATHIYA')));
    const old = await dryRun(csv(`${sku('GATHIYA')},,,,,,,,45,,,,,,,`));
    expect(old.errors).toEqual([
      { row: 2, column: 'hsn', message: 'is required: the product has no HSN code yet' },
      { row: 2, column: 'gst_rate', message: "is required: the product's 12 % is no longer a GST rate (0, 0.25, 1.5, 3, 5, 18, 28, 40)" },
    ]);
    expect(await applied(csv(`${sku('GATHIYA')},,,,,,,,45,,,,2106,5,,`))).toMatchObject({ updates: 1, errorCount: 0 });
    expect(await productBySku(sku('GATHIYA'))).toMatchObject({ price: 45, hsn: '2106', gstRate: 5 });
  });

  it('reads Excel cells as Excel shows them: per cents, formulas’ saved results, thousands separators', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Catalogue');
    sheet.addRow(HEADER.split(','));
    const row = (cells: Record<string, ExcelJS.CellValue>) => {
      const added = sheet.addRow(HEADER.split(',').map((c) => cells[c] ?? null));
      return (column: string) => added.getCell(HEADER.split(',').indexOf(column) + 1);
    };
    const base = { category: cat.name, unit: '1 pc', stock: 5, hsn: '9503', gst_rate: 5 };
    // A discount cell formatted as a per cent: it holds 0.1 and shows "10%".
    const kite = row({ ...base, sku: sku('KITE'), name: 'Kite', price: 1299.5, discount: 0.1 });
    kite('discount').numFmt = '0%';
    kite('price').numFmt = '#,##0.00';
    // A price typed as text with a thousands separator (and India's lakh grouping), as it shows.
    row({ ...base, sku: sku('DRONE'), name: 'Toy drone', price: '1,29,999.00', discount: '5 %' });
    // A formula with its result saved (as Excel saves it) is its result.
    row({ ...base, sku: sku('TOP'), name: 'Spinning top', price: { formula: '100*2.5', result: 250 }, gst_rate: { formula: '2+3', result: 5 } });
    // A formula saved without a result (a file a program wrote) is not read as blank: the row is refused.
    row({ ...base, sku: sku('YOYO'), name: 'Yo-yo', price: { formula: 'B9*2' } });
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const report = await dryRun(file, 'catalogue.xlsx');
    expect(report.errors).toEqual([
      { row: 5, column: 'price', message: 'is a formula without a saved result; open the file in Excel and save it, or type the value' },
    ]);
    expect(report).toMatchObject({ total: 4, creates: 3 });
    expect(await applied(file, 'catalogue.xlsx')).toMatchObject({ state: 'done', creates: 3, errorCount: 1 });
    expect(await productBySku(sku('KITE'))).toMatchObject({ price: 1299.5, discount: 10 });
    expect(await productBySku(sku('DRONE'))).toMatchObject({ price: 129_999, discount: 5 });
    expect(await productBySku(sku('TOP'))).toMatchObject({ price: 250, gstRate: 5 });
    expect(await productBySku(sku('YOYO'))).toBeUndefined();
  });

  it('reads a semicolon-separated file with its decimal commas, and refuses a header it cannot split', async () => {
    const file = [HEADER.replaceAll(',', ';'), `${sku('LADOO')};;Besan ladoo;${cat.name};;;500 g;;1.299,50;10 %;6;;2106;5;Ghee, besan;`].join('\n');
    const report = await dryRun(file);
    expect(report).toMatchObject({ total: 1, creates: 1, errors: [] });
    expect(await applied(file)).toMatchObject({ creates: 1 });
    expect(await productBySku(sku('LADOO'))).toMatchObject({ price: 1299.5, discount: 10, description: 'Ghee, besan' });

    const mixed = await post('?dryRun=1', 'sku;name,price;unit\nA;b,1;c');
    expect([mixed.status, mixed.body.message]).toEqual([400, 'file: its header row mixes commas and semicolons; save it again as CSV UTF-8 (comma delimited)']);
    const tabs = await post('?dryRun=1', 'sku\tname\tprice\nA\tb\t1');
    expect([tabs.status, tabs.body.fields]).toEqual([400, ['file']]);
    expect(
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.sku, 'A')),
    ).toEqual([{ n: 0 }]);
  });
});
