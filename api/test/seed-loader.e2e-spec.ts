import { inArray, sql } from 'drizzle-orm';
import { loadProducts } from '../src/seed/product-loader.js';
import type { SeedRow } from '../src/seed/demo-products.js';
import { productColumns } from '../src/catalog/product-columns.js';
import { products } from '../src/catalog/products.table.js';
import { DB_KINDS, startApp, type TestApp } from './harness.js';

/** Text that COPY's format and array literals would mangle if a field were written as it is. */
const AWKWARD = 'Tab\there, line\nbreak, CR\rend, back\\slash \\N, "quoted", {braces}, comma, Levi’s ₹499';

function row(n: number, name: string): SeedRow {
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return {
    id: `SEEDLOADERTEST${String(n).padStart(12, '0')}`,
    name,
    sku: `SEED-LOADER-${n}`,
    image: [`/uploads/a "b" \\c {d},e\t${n}.webp`, '/uploads/plain.webp'],
    category_ids: ['CAT,1'],
    sub_category_ids: ['SUB"1'],
    unit: 'pack',
    product_type: 'fixed',
    stock: n,
    price: 100 + n,
    discount: n % 71,
    hsn: n % 2 ? '6109' : '4901',
    gst_rate: n % 2 ? 5 : 0,
    description: `${name} described`,
    more_details: n % 2 ? { Note: AWKWARD } : {},
    variants: n % 3 ? [] : [{ _id: `V${n}`, name: AWKWARD, sku: `SEED-LOADER-${n}-1`, price: 5, stock: 1, image: ['/uploads/x\\y.webp'] }],
    created_at: at,
    updated_at: at,
  };
}

/** The seed's bulk loader: COPY on PostgreSQL, JSON batches on PGlite; every field must come back as it went in. */
describe.each(DB_KINDS)('demo seed product loader on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  it('writes awkward text, arrays and JSON exactly, and the database derives the search vector and sale price', async () => {
    const rows = [row(1, AWKWARD), ...Array.from({ length: 1200 }, (_, i) => row(i + 2, `Plain Product ${i}`))];
    await t.db.transaction(async (tx) => loadProducts(tx, rows));
    const stored = await t.db
      .select(productColumns)
      .from(products)
      .where(
        inArray(
          products.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(products.id);
    expect(stored).toHaveLength(rows.length);
    for (const [i, r] of rows.entries()) {
      const s = stored[i]!;
      expect({
        id: s.id,
        name: s.name,
        sku: s.sku,
        image: s.image,
        category_ids: s.categoryIds,
        sub_category_ids: s.subCategoryIds,
        unit: s.unit,
        product_type: s.productType,
        stock: s.inventory.stock,
        price: s.price,
        discount: s.discount,
        hsn: s.hsn,
        gst_rate: s.gstRate,
        description: s.description,
        more_details: s.moreDetails,
        variants: s.inventory.variants,
        created_at: s.createdAt.toISOString(),
        updated_at: s.updatedAt.toISOString(),
      }).toEqual(r);
      expect(s.salePrice).toBe(r.price - Math.ceil((r.price * r.discount) / 100));
    }
    // Each product's pool row names it and counts its options (the read of its stock relies on it).
    const pools = await t.db.execute(sql`select product_id, options from inventory_levels where product_id like 'SEEDLOADERTEST%'`);
    const counted = new Map((pools as { rows: Array<{ product_id: string; options: number }> }).rows.map((p) => [p.product_id, p.options]));
    expect(rows.map((r) => counted.get(r.id))).toEqual(rows.map((r) => r.variants.length));
    const found = await t.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.search} @@ to_tsquery('english', 'braces & quoted')`);
    expect(found.map((f) => f.id)).toEqual([rows[0]!.id]);
  });

  it('writes nothing when the transaction it runs in is rolled back', async () => {
    const rows = [row(5000, 'Rolled Back Product')];
    await expect(
      t.db.transaction(async (tx) => {
        await loadProducts(tx, rows);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(
      await t.db
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, [rows[0]!.id])),
    ).toEqual([]);
  });
});
