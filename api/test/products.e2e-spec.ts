import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { discountedPrice } from '@haat/shared/money/pricing';
import { products } from '../src/catalog/products.table.js';
import { api, bearer, PORTABLE_DB_KINDS, startWithUsers, type TestApp } from './harness.js';
import { addCategory, addProduct, addSubCategory, fieldsOf, uniqueName } from './catalog-fixtures.js';

const ULID = /^[0-9A-Z]{26}$/;
const UNKNOWN = '01UNKNOWN00000000000000000';
type Wire = { _id: string; name: string; price: number; discount: number; stock: number; createdAt: string; inStock: boolean; [k: string]: unknown };

describe.each(PORTABLE_DB_KINDS)('products on %s', (kind) => {
  let t: TestApp, admin: string, customer: string;
  beforeAll(async () => void ({ t, admin, customer } = await startWithUsers(kind)));
  afterAll(() => t.close());

  it("the products table's generated sale_price is the shared rule's salePrice, over awkward prices and discounts", async () => {
    // The one rule is shared/src/money/paise.ts's salePrice; the column spells it in SQL for filters and sorts
    // (docs/decisions/0250-money-in-integer-paise.md), so the two are held together here.
    const cases = fc.sample(
      fc.record({ price: fc.integer({ min: 1, max: 99_999_999 }).map((p) => p / 100), discount: fc.integer({ min: 0, max: 10_000 }).map((d) => d / 100) }),
      { numRuns: 300, seed: 250 },
    );
    cases.push(
      { price: 999, discount: 15 },
      { price: 99.5, discount: 10 },
      { price: 1, discount: 50 },
      { price: 0.01, discount: 100 },
      { price: 333.33, discount: 33.33 },
    );
    const ids = cases.map((_, i) => `01SALEPRICE${String(i).padStart(15, '0')}`);
    const rows = await t.db
      .insert(products)
      .values(cases.map((c, i) => ({ id: ids[i]!, name: `Sale price ${i}`, sku: `SALE-PRICE-${i}`, price: c.price, discount: c.discount })))
      .returning({ price: products.price, discount: products.discount, salePrice: products.salePrice });
    try {
      expect(rows.map((r) => r.salePrice)).toEqual(rows.map((r) => discountedPrice(r.price, r.discount)));
    } finally {
      await t.db.delete(products).where(inArray(products.id, ids));
    }
  });

  describe('POST /api/product/create', () => {
    it('creates a product with populated category objects, variants with ids, zero rating fields', async () => {
      const cat = await addCategory(t, admin);
      const sub = await addSubCategory(t, admin, [cat._id]);
      const res = await api(t)
        .post('/api/product/create')
        .set(bearer(admin))
        .send({
          hsn: '8518',
          gstRate: 18,
          name: 'Cotton Kurta',
          image: ['/uploads/a.webp', '/uploads/b.webp'],
          category: [cat._id, { _id: cat._id, name: cat.name }],
          subCategory: [sub._id],
          unit: 'pack',
          stock: '12',
          price: '799',
          discount: 10,
          description: 'Soft cotton.',
          more_details: { Fabric: 'Cotton', Washable: true },
          variants: [
            { name: 'M', stock: 3 },
            { name: 'L', price: 849 },
          ],
        });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ success: true, error: false, message: expect.any(String) });
      const p = res.body.data;
      expect(p._id).toMatch(ULID);
      expect(p).toMatchObject({
        name: 'Cotton Kurta',
        image: [`${t.config.publicUrl}/uploads/a.webp`, `${t.config.publicUrl}/uploads/b.webp`],
        category: [{ _id: cat._id, name: cat.name }],
        subCategory: [{ _id: sub._id, name: sub.name }],
        unit: 'pack',
        productType: 'fixed',
        stock: 12,
        price: 799,
        discount: 10,
        inStock: true,
        more_details: { Fabric: 'Cotton', Washable: true, averageRating: 0, totalReviews: 0 },
      });
      expect(p.variants).toHaveLength(2);
      expect(p.variants[0]._id).toMatch(ULID);
    });

    it('400 names each bad field', async () => {
      const cat = await addCategory(t, admin);
      const sub = await addSubCategory(t, admin, [cat._id]);
      const good = { name: 'X', unit: 'pack', stock: 1, price: 10, description: 'd', hsn: '2106', gstRate: 5, category: [cat._id], subCategory: [sub._id] };
      const post = (body: object) => api(t).post('/api/product/create').set(bearer(admin)).send(body);
      const cases: Array<[object, string]> = [
        [{ ...good, name: undefined }, 'name'],
        [{ ...good, name: '' }, 'name'],
        [{ ...good, unit: undefined }, 'unit'],
        [{ ...good, stock: undefined }, 'stock'],
        [{ ...good, stock: -1 }, 'stock'],
        [{ ...good, stock: 1.5 }, 'stock'],
        [{ ...good, price: undefined }, 'price'],
        [{ ...good, price: 'abc' }, 'price'],
        [{ ...good, price: -5 }, 'price'],
        [{ ...good, discount: 101 }, 'discount'],
        [{ ...good, discount: 'ten' }, 'discount'],
        [{ ...good, description: undefined }, 'description'],
        [{ ...good, productType: 'bundle' }, 'productType'],
        [{ ...good, image: 'one.webp' }, 'image'],
        [{ ...good, category: [UNKNOWN] }, 'category'],
        [{ ...good, subCategory: [UNKNOWN] }, 'subCategory'],
        [{ ...good, more_details: { '': 'x' } }, 'more_details'],
        // HSN is required, and the rate is one in force today: 12 % is gone since 22 September 2025.
        [{ ...good, hsn: undefined }, 'hsn'],
        [{ ...good, hsn: '21' }, 'hsn'],
        [{ ...good, gstRate: undefined }, 'gstRate'],
        [{ ...good, gstRate: 12 }, 'gstRate'],
      ];
      for (const [body, field] of cases) {
        const res = await post(body);
        expect({ field, status: res.status }).toEqual({ field, status: 400 });
        expect(fieldsOf(res)[0]).toMatch(new RegExp(`^${field}`));
        expect(res.body.message).toContain(field);
      }
      const variant = await post({ ...good, variants: [{ price: 5 }] });
      expect(variant.status).toBe(400);
      expect(fieldsOf(variant)).toEqual(['variants.0.name']);
    });

    it('401 without a token, 403 for a customer', async () => {
      expect((await api(t).post('/api/product/create').send({ name: 'x' })).status).toBe(401);
      expect((await api(t).post('/api/product/create').set(bearer(customer)).send({ name: 'x' })).status).toBe(403);
    });
  });

  describe('POST /api/product/get', () => {
    let cat: { _id: string };
    let sub: { _id: string };
    const names: string[] = [];
    beforeAll(async () => {
      cat = await addCategory(t, admin);
      sub = await addSubCategory(t, admin, [cat._id]);
      const tag = uniqueName('zqxlist').split(' ')[1]!;
      for (let i = 0; i < 14; i++) names.push((await addProduct(t, admin, { name: `Listprod ${tag} ${i}`, category: [cat._id], subCategory: [sub._id] })).name);
    });

    it('pages newest first with totalNoPage (default limit 12)', async () => {
      const first = await api(t).post('/api/product/get').send({ page: 1 });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, error: false, page: 1 });
      expect(first.body.data).toHaveLength(12);
      expect(first.body.totalNoPage).toBe(Math.ceil(first.body.totalCount / 12));
      const created = first.body.data.map((p: Wire) => p.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      const second = await api(t).post('/api/product/get').send({ page: 2, limit: 12 });
      const overlap = second.body.data.filter((p: Wire) => first.body.data.some((q: Wire) => q._id === p._id));
      expect(overlap).toEqual([]);
    });

    it('search narrows the list, and the page count follows', async () => {
      const tag = names[0]!.split(' ')[1]!;
      const res = await api(t).post('/api/product/get').send({ page: 1, limit: 5, search: tag });
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(14);
      expect(res.body.totalNoPage).toBe(3);
      expect(res.body.data).toHaveLength(5);
      const last = await api(t).post('/api/product/get').send({ page: 3, limit: 5, search: tag });
      expect(last.body.data).toHaveLength(4);
      const none = await api(t).post('/api/product/get').send({ page: 1, search: 'qqqqqqqqqqqq' });
      expect(none.body).toMatchObject({ success: true, data: [], totalNoPage: 1 });
    });

    it('400 names page, limit, search, sort', async () => {
      const post = (body: object) => api(t).post('/api/product/get').send(body);
      expect(fieldsOf(await post({ page: 0 }))).toEqual(['page']);
      expect(fieldsOf(await post({ page: 'two' }))).toEqual(['page']);
      expect(fieldsOf(await post({ limit: 1000 }))).toEqual(['limit']);
      expect(fieldsOf(await post({ search: 42 }))).toEqual(['search']);
      expect(fieldsOf(await post({ sort: 'cheapest' }))).toEqual(['sort']);
    });
  });

  describe('listing by category and subcategory', () => {
    let cat: { _id: string };
    let cat2: { _id: string };
    let sub: { _id: string };
    let subB: { _id: string };
    const made: Array<{ _id: string; price: number; discount: number; stock: number; name: string }> = [];
    beforeAll(async () => {
      cat = await addCategory(t, admin);
      cat2 = await addCategory(t, admin);
      sub = await addSubCategory(t, admin, [cat._id, cat2._id]);
      subB = await addSubCategory(t, admin, [cat._id]);
      const specs = [
        { name: 'Alpha Watch', price: 1000, discount: 50, stock: 5 }, // pays 500
        { name: 'Beta Watch', price: 300, discount: 0, stock: 0 }, // pays 300, out of stock
        { name: 'Gamma Clock', price: 900, discount: 10, stock: 2 }, // pays 810
        { name: 'Delta Watch', price: 199, discount: 33, stock: 9 }, // pays 199 - ceil(65.67) = 133
      ];
      for (const s of specs) made.push({ ...s, _id: (await addProduct(t, admin, { ...s, category: [cat._id], subCategory: [sub._id] }))._id });
      // Stock only in a variant still counts as in stock.
      made.push({
        name: 'Epsilon Watch',
        price: 700,
        discount: 0,
        stock: 0,
        _id: (
          await addProduct(t, admin, {
            name: 'Epsilon Watch',
            price: 700,
            stock: 0,
            variants: [{ name: 'Blue', stock: 4 }],
            category: [cat._id],
            subCategory: [sub._id],
          })
        )._id,
      });
      for (let i = 0; i < 13; i++) await addProduct(t, admin, { name: `Other ${i}`, category: [cat._id], subCategory: [subB._id] });
      await addProduct(t, admin, { name: 'In cat2 only', category: [cat2._id], subCategory: [sub._id] });
    });

    const listing = (body: object) =>
      api(t)
        .post('/api/product/get-product-by-category-and-subcategory')
        .send({ categoryId: cat._id, subCategoryId: sub._id, ...body });

    it("answers the seed family's misspelt path as the same route, with the same validation", async () => {
      const body = { categoryId: cat._id, subCategoryId: sub._id, page: 1, limit: 3 };
      const right = await listing(body);
      const misspelt = await api(t).post('/api/product/get-pruduct-by-category-and-subcategory').send(body);
      expect(misspelt.status).toBe(200);
      expect(misspelt.body).toEqual(right.body);
      const bad = await api(t).post('/api/product/get-pruduct-by-category-and-subcategory').send({ categoryId: cat._id, page: 'one' });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION');
    });

    it('pages of 12 with totalCount', async () => {
      const res = await api(t).post('/api/product/get-product-by-category-and-subcategory').send({ categoryId: cat._id, subCategoryId: subB._id, page: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, totalCount: 13 });
      expect(res.body.data).toHaveLength(12);
      const page2 = await api(t)
        .post('/api/product/get-product-by-category-and-subcategory')
        .send({ categoryId: cat._id, subCategoryId: subB._id, page: 2, limit: 12 });
      expect(page2.body.data).toHaveLength(1);
      expect(page2.body.totalCount).toBe(13);
      // Only products in both the category and the subcategory.
      const own = await listing({});
      expect(own.body.totalCount).toBe(5);
      expect(own.body.data.map((p: Wire) => p.name)).not.toContain('In cat2 only');
    });

    it('filters by the price the shopper pays, stock, and sorts four ways', async () => {
      const pays = (name: string) => {
        const m = made.find((p) => p.name === name)!;
        return discountedPrice(m.price, m.discount);
      };
      const low = await listing({ sort: 'lowToHigh' });
      expect(low.body.data.map((p: Wire) => p.name)).toEqual(['Delta Watch', 'Beta Watch', 'Alpha Watch', 'Epsilon Watch', 'Gamma Clock']);
      const paid = low.body.data.map((p: Wire) => discountedPrice(p.price, p.discount));
      expect(paid).toEqual([...paid].sort((a: number, b: number) => a - b));
      const high = await listing({ sort: 'highToLow' });
      expect(high.body.data.map((p: Wire) => p.name)).toEqual(['Gamma Clock', 'Epsilon Watch', 'Alpha Watch', 'Beta Watch', 'Delta Watch']);
      const newest = await listing({ sort: 'newest' });
      expect(newest.body.data.map((p: Wire) => p.name)).toEqual(['Epsilon Watch', 'Delta Watch', 'Gamma Clock', 'Beta Watch', 'Alpha Watch']);
      const oldest = await listing({ sort: 'oldest' });
      expect(oldest.body.data.map((p: Wire) => p.name)).toEqual(['Alpha Watch', 'Beta Watch', 'Gamma Clock', 'Delta Watch', 'Epsilon Watch']);

      const range = await listing({ minPrice: pays('Beta Watch'), maxPrice: pays('Alpha Watch'), sort: 'lowToHigh' });
      expect(range.body.data.map((p: Wire) => p.name)).toEqual(['Beta Watch', 'Alpha Watch']);
      expect(range.body.totalCount).toBe(2);
      const inStock = await listing({ inStock: 'true', sort: 'oldest' });
      expect(inStock.body.data.map((p: Wire) => p.name)).toEqual(['Alpha Watch', 'Gamma Clock', 'Delta Watch', 'Epsilon Watch']);
      expect(inStock.body.data.every((p: Wire) => p.inStock)).toBe(true);
      const search = await listing({ search: 'watch', inStock: true, maxPrice: 600, sort: 'highToLow' });
      expect(search.body.data.map((p: Wire) => p.name)).toEqual(['Alpha Watch', 'Delta Watch']);
      const clock = await listing({ search: 'CLO' });
      expect(clock.body.data.map((p: Wire) => p.name)).toEqual(['Gamma Clock']);
      const literal = await listing({ search: '%' });
      expect(literal.body.data).toEqual([]);
    });

    it('400 names categoryId, subCategoryId, page, limit, minPrice, inStock, sort; unknown ids give an empty page', async () => {
      const post = (body: object) => api(t).post('/api/product/get-product-by-category-and-subcategory').send(body);
      expect(fieldsOf(await post({ subCategoryId: sub._id }))).toEqual(['categoryId']);
      expect(fieldsOf(await post({ categoryId: cat._id }))).toEqual(['subCategoryId']);
      expect(fieldsOf(await post({ categoryId: 'a-b', subCategoryId: sub._id }))).toEqual(['categoryId']);
      expect(fieldsOf(await listing({ page: -1 }))).toEqual(['page']);
      expect(fieldsOf(await listing({ limit: 0 }))).toEqual(['limit']);
      expect(fieldsOf(await listing({ minPrice: 'cheap' }))).toEqual(['minPrice']);
      expect(fieldsOf(await listing({ inStock: 'maybe' }))).toEqual(['inStock']);
      expect(fieldsOf(await listing({ sort: 'random' }))).toEqual(['sort']);
      const unknown = await post({ categoryId: UNKNOWN, subCategoryId: sub._id });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toMatchObject({ success: true, data: [], totalCount: 0 });
    });

    it('get-product-by-category lists the category’s products newest first; 400 names id', async () => {
      const res = await api(t).post('/api/product/get-product-by-category').send({ id: cat2._id });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.map((p: Wire) => p.name)).toEqual(['In cat2 only']);
      const mine = await api(t).post('/api/product/get-product-by-category').send({ id: cat._id });
      expect(mine.body.data.length).toBeGreaterThan(5);
      expect(mine.body.data.every((p: { category: Array<{ _id: string }> }) => p.category.some((c) => c._id === cat._id))).toBe(true);
      expect(fieldsOf(await api(t).post('/api/product/get-product-by-category').send({}))).toEqual(['id']);
      expect((await api(t).post('/api/product/get-product-by-category').send({ id: UNKNOWN })).body.data).toEqual([]);
    });

    it('get-related-products: same subcategory first, never the product itself, limit 8; 400 names bad ids', async () => {
      const alpha = made.find((p) => p.name === 'Alpha Watch')!;
      const res = await api(t)
        .post('/api/product/get-related-products')
        .send({ categoryId: cat._id, subCategoryId: sub._id, excludeProductId: alpha._id, limit: 8 });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toHaveLength(8);
      const ids = res.body.data.map((p: Wire) => p._id);
      expect(ids).not.toContain(alpha._id);
      // The four other products of the same subcategory come before the rest of the category.
      expect(res.body.data.slice(0, 4).every((p: { subCategory: Array<{ _id: string }> }) => p.subCategory.some((s) => s._id === sub._id))).toBe(true);
      const dflt = await api(t).post('/api/product/get-related-products').send({ categoryId: cat._id, subCategoryId: sub._id });
      expect(dflt.body.data).toHaveLength(8);
      expect(new Set(dflt.body.data.map((p: Wire) => p._id)).size).toBe(8);
      // With only a category: that category's newest.
      const byCat = await api(t).post('/api/product/get-related-products').send({ categoryId: cat2._id, limit: 8 });
      expect(byCat.body.data.map((p: Wire) => p.name)).toEqual(['In cat2 only']);
      expect(fieldsOf(await api(t).post('/api/product/get-related-products').send({ categoryId: 'x-y' }))).toEqual(['categoryId']);
      expect(fieldsOf(await api(t).post('/api/product/get-related-products').send({ excludeProductId: 5 }))).toEqual(['excludeProductId']);
      expect(fieldsOf(await api(t).post('/api/product/get-related-products').send({ limit: 0 }))).toEqual(['limit']);
    });

    it('get-other-category-products: at most 8, none from the current category; 400 names bad fields', async () => {
      const res = await api(t).post('/api/product/get-other-category-products').send({ currentCategoryId: cat._id });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data.length).toBeLessThanOrEqual(8);
      for (const p of res.body.data as Array<{ category: Array<{ _id: string }> }>) expect(p.category.map((c) => c._id)).not.toContain(cat._id);
      // Round-robin: several other categories, not the eight newest of one.
      const shown = new Set((res.body.data as Array<{ category: Array<{ _id: string }> }>).map((p) => p.category[0]!._id));
      expect(shown.size).toBeGreaterThanOrEqual(2);
      expect(new Set(res.body.data.map((p: Wire) => p._id)).size).toBe(res.body.data.length);
      const three = await api(t).post('/api/product/get-other-category-products').send({ currentCategoryId: cat._id, limit: 3 });
      expect(three.body.data.length).toBeLessThanOrEqual(3);
      expect(fieldsOf(await api(t).post('/api/product/get-other-category-products').send({ currentCategoryId: 'a-b' }))).toEqual(['currentCategoryId']);
      expect(fieldsOf(await api(t).post('/api/product/get-other-category-products').send({ limit: 'all' }))).toEqual(['limit']);
    });
  });
});
