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
      const good = { name: 'X', unit: 'pack', stock: 1, price: 10, description: 'd', category: [cat._id], subCategory: [sub._id] };
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

  describe('details, update, delete', () => {
    let cat: { _id: string; name: string };
    let sub: { _id: string };
    beforeAll(async () => {
      cat = await addCategory(t, admin);
      sub = await addSubCategory(t, admin, [cat._id]);
    });

    it('get-product-details answers the product with review count and rating in more_details; 400 / 404', async () => {
      const p = await addProduct(t, admin, { category: [cat._id], subCategory: [sub._id], more_details: { Colour: 'Red' } });
      const res = await api(t).post('/api/product/get-product-details').send({ productId: p._id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        error: false,
        data: { _id: p._id, more_details: { Colour: 'Red', averageRating: 0, totalReviews: 0 }, category: [{ _id: cat._id, name: cat.name }] },
      });
      expect(fieldsOf(await api(t).post('/api/product/get-product-details').send({}))).toEqual(['productId']);
      expect(fieldsOf(await api(t).post('/api/product/get-product-details').send({ productId: 'kurta-x' }))).toEqual(['productId']);
      const unknown = await api(t).post('/api/product/get-product-details').send({ productId: UNKNOWN });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: false, error: true, message: 'Product not found.' });
    });

    it('update-product-details changes what it is given; reads right after never show the old product', async () => {
      const p = await addProduct(t, admin, { name: uniqueName('Old Name'), price: 500, category: [cat._id], subCategory: [sub._id] });
      // Warm every cached read first, so a stale cache would show.
      const details = () => api(t).post('/api/product/get-product-details').send({ productId: p._id });
      const listing = () => api(t).post('/api/product/get-product-by-category-and-subcategory').send({ categoryId: cat._id, subCategoryId: sub._id });
      const list = () => api(t).post('/api/product/get').send({ page: 1 });
      expect((await details()).body.data.price).toBe(500);
      expect((await listing()).body.data.find((x: Wire) => x._id === p._id).price).toBe(500);
      expect((await list()).body.data.find((x: Wire) => x._id === p._id).price).toBe(500);

      const res = await api(t)
        .put('/api/product/update-product-details')
        .set(bearer(admin))
        .send({ _id: p._id, productType: 'variable', unit: 'kg', price: 650, discount: 5, name: 'New Name', more_details: { Origin: 'Assam' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: expect.any(String),
        data: { _id: p._id, name: 'New Name', price: 650, productType: 'variable', unit: 'kg' },
      });

      expect((await details()).body.data).toMatchObject({
        name: 'New Name',
        price: 650,
        discount: 5,
        more_details: { Origin: 'Assam', averageRating: 0, totalReviews: 0 },
      });
      expect((await listing()).body.data.find((x: Wire) => x._id === p._id).price).toBe(650);
      expect((await list()).body.data.find((x: Wire) => x._id === p._id).name).toBe('New Name');
      // The new name is searchable at once.
      const found = await api(t).post('/api/product/search-product').send({ search: 'New Name' });
      expect(found.body.data.map((x: Wire) => x._id)).toContain(p._id);
      // A renamed category shows on the product too.
      await api(t)
        .put('/api/category/update')
        .set(bearer(admin))
        .send({ _id: cat._id, name: `${cat.name} Renamed` });
      expect((await details()).body.data.category).toEqual([{ _id: cat._id, name: `${cat.name} Renamed` }]);
    });

    it('update: 400 names _id and bad fields; 404 unknown; 401 / 403', async () => {
      const p = await addProduct(t, admin, { category: [cat._id], subCategory: [sub._id] });
      const put = (body: object, token = admin) => api(t).put('/api/product/update-product-details').set(bearer(token)).send(body);
      expect(fieldsOf(await put({ name: 'x' }))).toEqual(['_id']);
      expect(fieldsOf(await put({ _id: p._id, price: 'lots' }))).toEqual(['price']);
      expect(fieldsOf(await put({ _id: p._id, productType: 'bundle' }))).toEqual(['productType']);
      expect(fieldsOf(await put({ _id: p._id, stock: -3 }))).toEqual(['stock']);
      expect(fieldsOf(await put({ _id: p._id, category: [UNKNOWN] }))).toEqual(['category']);
      expect((await put({ _id: UNKNOWN, name: 'x' })).status).toBe(404);
      expect((await api(t).put('/api/product/update-product-details').send({ _id: p._id, name: 'x' })).status).toBe(401);
      expect((await put({ _id: p._id, name: 'x' }, customer)).status).toBe(403);
    });

    it('delete-product removes it everywhere at once; 404 after; 400 / 401 / 403', async () => {
      const p = await addProduct(t, admin, { category: [cat._id], subCategory: [sub._id] });
      const details = () => api(t).post('/api/product/get-product-details').send({ productId: p._id });
      expect((await details()).status).toBe(200);
      const del = (body: object, token = admin) => api(t).delete('/api/product/delete-product').set(bearer(token)).send(body);
      expect((await api(t).delete('/api/product/delete-product').send({ _id: p._id })).status).toBe(401);
      expect((await del({ _id: p._id }, customer)).status).toBe(403);
      expect(fieldsOf(await del({}))).toEqual(['_id']);
      const res = await del({ _id: p._id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: false, message: expect.any(String) });
      expect((await details()).status).toBe(404);
      expect((await del({ _id: p._id })).status).toBe(404);
    });
  });

  describe('search that forgives', () => {
    let earbudIds: string[];
    let descOnly: string;
    beforeAll(async () => {
      const audio = await addCategory(t, admin, uniqueName('Audio'));
      const books = await addCategory(t, admin, uniqueName('Reading'));
      const tws = await addSubCategory(t, admin, [audio._id]);
      const fiction = await addSubCategory(t, admin, [books._id]);
      earbudIds = [
        (
          await addProduct(t, admin, {
            name: 'boAt Airdopes Wireless Earbuds 141',
            description: 'True wireless earbuds with 42 hours of playback.',
            category: [audio._id],
            subCategory: [tws._id],
          })
        )._id,
        (await addProduct(t, admin, { name: 'Noise Buds ANC Earbuds', description: 'Active noise cancelling.', category: [audio._id], subCategory: [tws._id] }))
          ._id,
        (await addProduct(t, admin, { name: 'Realme Earbud Pro', description: 'Low latency gaming.', category: [audio._id], subCategory: [tws._id] }))._id,
      ];
      descOnly = (await addProduct(t, admin, { name: 'Silicone Carry Case', description: 'Fits most earbuds.', category: [audio._id], subCategory: [tws._id] }))
        ._id;
      for (const name of ['Penguin Mystery Novel', 'Rupa Short Stories', 'Westland Thriller', 'Neckband Sports Wireless'])
        await addProduct(t, admin, { name, description: 'Something else entirely.', category: [books._id], subCategory: [fiction._id] });
    });

    it.each(['earbuds', 'Earbud', 'earbds', 'EARBUDS wireless', 'earbuds!!'])('"%s" finds the earbuds, names before descriptions', async (term) => {
      const res = await api(t).post('/api/product/search-product').send({ search: term, page: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, page: 1 });
      const ids: string[] = res.body.data.map((p: Wire) => p._id);
      const wanted = term.includes('wireless') ? [earbudIds[0]!] : earbudIds;
      expect(ids.slice(0, wanted.length).sort()).toEqual([...wanted].sort());
      if (!term.includes('wireless')) expect(ids.indexOf(descOnly)).toBeGreaterThanOrEqual(earbudIds.length);
      expect(res.body.data.map((p: Wire) => p.name).join(' ')).not.toMatch(/Novel|Stories|Thriller/);
      expect(res.body.totalPage).toBe(Math.max(1, Math.ceil(res.body.totalCount / 20)));
    });

    it("says what a typo was corrected to, in the names' spelling, and nothing when the words were found as typed", async () => {
      const corrected = async (search: string) =>
        (await api(t).post('/api/product/search-product').send({ search, page: 1 })).body.correctedSearch as string | undefined;
      expect(await corrected('earbds')).toBe('earbuds');
      expect(await corrected('earbds wireless')).toBe('earbuds wireless');
      for (const search of ['earbuds', 'earb', 'Earbud', 'wireless', 'zzqqxx']) expect(await corrected(search)).toBeUndefined();
    });

    it('ranks and counts as the listing search does (one search behind both), page by page', async () => {
      for (const search of ['earbuds', 'earbds', 'wireless', 'earb', 'noise buds', 'novel mystery']) {
        for (const page of [1, 2]) {
          const found = await api(t).post('/api/product/search-product').send({ search, page, limit: 2 });
          const listed = await api(t).post('/api/product/get').send({ search, page, limit: 2 });
          expect({ search, page, ids: found.body.data.map((p: Wire) => p._id), total: found.body.totalCount }).toEqual({
            search,
            page,
            ids: listed.body.data.map((p: Wire) => p._id),
            total: listed.body.totalCount,
          });
        }
      }
    });

    it('when no product has every word, names like the whole text come first; a page past the end keeps the total', async () => {
      const near = await api(t).post('/api/product/search-product').send({ search: 'boAt Airdopes Wireless Earbuds 141 qqzx', page: 1 });
      expect(near.status).toBe(200);
      expect(near.body.data[0]?._id).toBe(earbudIds[0]);
      expect(near.body.totalCount).toBeGreaterThanOrEqual(1);
      // The products with all but one of the words are what matches: every page counts them alike, a page past them is empty.
      const next = await api(t).post('/api/product/search-product').send({ search: 'boAt Airdopes Wireless Earbuds 141 qqzx', page: 2 });
      expect(next.body).toMatchObject({ data: [], totalCount: near.body.totalCount });
      const first = await api(t).post('/api/product/search-product').send({ search: 'earbuds', page: 1, limit: 2 });
      const past = await api(t).post('/api/product/search-product').send({ search: 'earbuds', page: 50, limit: 2 });
      expect(past.body).toMatchObject({ data: [], page: 50, totalCount: first.body.totalCount, totalPage: first.body.totalPage });
    });

    it('pages with totalPage; an empty search lists the whole catalogue; 400 names page and search', async () => {
      const res = await api(t).post('/api/product/search-product').send({ search: 'earbuds', page: 1, limit: 2 });
      expect(res.body.data).toHaveLength(2);
      expect(res.body.totalPage).toBe(2);
      const p2 = await api(t).post('/api/product/search-product').send({ search: 'earbuds', page: 2, limit: 2 });
      expect(p2.body.page).toBe(2);
      expect(p2.body.data).toHaveLength(2);
      expect(p2.body.data.map((p: Wire) => p._id)).not.toContain(res.body.data[0]._id);
      // No term: the search page shows the whole catalogue, newest first.
      const empty = await api(t).post('/api/product/search-product').send({ search: '  ' });
      const all = await api(t).post('/api/product/get').send({ page: 1, limit: 20 });
      expect(empty.body).toMatchObject({ success: true, totalCount: all.body.totalCount, totalPage: Math.ceil(all.body.totalCount / 20) });
      expect(empty.body.data.map((p: Wire) => p._id)).toEqual(all.body.data.map((p: Wire) => p._id));
      const nothing = await api(t).post('/api/product/search-product').send({ search: 'xylophonez' });
      expect(nothing.body).toMatchObject({ success: true, data: [] });
      expect(fieldsOf(await api(t).post('/api/product/search-product').send({ search: 'a', page: 0 }))).toEqual(['page']);
      expect(
        fieldsOf(
          await api(t)
            .post('/api/product/search-product')
            .send({ search: ['a'] }),
        ),
      ).toEqual(['search']);
      // Query syntax is just text: no 500 for tsquery operators or quotes.
      for (const odd of ["ear' & | ! ( buds", ':*', 'a\\b', '😀 earbuds']) {
        const r = await api(t).post('/api/product/search-product').send({ search: odd });
        expect({ odd, status: r.status }).toEqual({ odd, status: 200 });
      }
    });
  });

  // Last: their products' made-up names must not show up in the search counts of the listing tests above.
  describe('product type and unit (docs/product.md#states and #rules-and-limits)', () => {
    let refs: { category: string[]; subCategory: string[] };
    beforeAll(async () => {
      const cat = await addCategory(t, admin);
      refs = { category: [cat._id], subCategory: [(await addSubCategory(t, admin, [cat._id]))._id] };
    });
    const body = (fields: object) => ({ name: uniqueName('Typed'), stock: 1, price: 10, description: 'd', ...refs, ...fields });
    const post = (fields: object) => api(t).post('/api/product/create').set(bearer(admin)).send(body(fields));
    const put = (fields: object) => api(t).put('/api/product/update-product-details').set(bearer(admin)).send(fields);

    it('create: a fixed product is sold by the pack, a variable one by kg, litre, gm or ml; anything else is a 400 naming unit', async () => {
      expect((await post({ unit: 'pack' })).body.data).toMatchObject({ productType: 'fixed', unit: 'pack' });
      for (const unit of ['kg', 'litre', 'gm', 'ml']) {
        const res = await post({ productType: 'variable', unit });
        expect({ unit, status: res.status }).toEqual({ unit, status: 201 });
        expect(res.body.data).toMatchObject({ productType: 'variable', unit });
      }
      const refused: Array<[object, string]> = [
        [{ productType: 'fixed', unit: 'kg' }, 'unit: must be pack for a fixed product'],
        [{ productType: 'variable', unit: 'pack' }, 'unit: must be one of kg, litre, gm, ml for a variable product'],
        [{ productType: 'variable', unit: 'KG' }, 'unit: must be one of kg, litre, gm, ml for a variable product'],
        [{ productType: 'variable', unit: 'tonne' }, 'unit: must be one of kg, litre, gm, ml for a variable product'],
      ];
      for (const [fields, message] of refused) {
        const res = await post(fields);
        expect({ fields, status: res.status, code: res.body.code, message: res.body.message, named: fieldsOf(res) }).toEqual({
          fields,
          status: 400,
          code: 'VALIDATION',
          message,
          named: ['unit'],
        });
      }
    });

    it('create without a productType keeps a free unit: inferred variable for kg, litre, gm, ml, fixed otherwise', async () => {
      const free = await post({ unit: '1 pc' });
      expect(free.status).toBe(201);
      expect(free.body.data).toMatchObject({ productType: 'fixed', unit: '1 pc' });
      for (const unit of ['kg', 'litre', 'gm', 'ml']) {
        const res = await post({ unit });
        expect({ unit, status: res.status }).toEqual({ unit, status: 201 });
        expect(res.body.data).toMatchObject({ productType: 'variable', unit });
      }
      // The client that made it edits it the way it made it: the same free unit, still no type, every field sent back.
      const edited = await put({ _id: free.body.data._id, unit: '1 pc', name: 'Renamed free', description: 'x' });
      expect({ status: edited.status, message: edited.body.message as unknown }).toMatchObject({ status: 200 });
      const stored = await api(t).post('/api/product/get-product-details').send({ productId: free.body.data._id });
      expect(stored.body.data).toMatchObject({ productType: 'fixed', unit: '1 pc', name: 'Renamed free' });
      // A new free unit without a type is a change of unit, held to the pair.
      expect(fieldsOf(await put({ _id: free.body.data._id, unit: 'dozen' }))).toEqual(['unit']);
    });

    it('update checks the pair as it will be stored: type alone, unit alone, or both; nothing is written on a 400', async () => {
      const p = (await post({ unit: 'pack' })).body.data;
      // Type changed alone: the stored unit (pack) does not suit a variable product.
      const typeOnly = await put({ _id: p._id, productType: 'variable', price: 99 });
      expect({ status: typeOnly.status, named: fieldsOf(typeOnly) }).toEqual({ status: 400, named: ['unit'] });
      expect(typeOnly.body.message).toBe('unit: must be one of kg, litre, gm, ml for a variable product');
      // Unit changed alone on a fixed product.
      const unitOnly = await put({ _id: p._id, unit: 'litre' });
      expect({ status: unitOnly.status, named: fieldsOf(unitOnly) }).toEqual({ status: 400, named: ['unit'] });
      const both = await put({ _id: p._id, productType: 'fixed', unit: 'kg' });
      expect({ status: both.status, named: fieldsOf(both) }).toEqual({ status: 400, named: ['unit'] });
      const details = async () => (await api(t).post('/api/product/get-product-details').send({ productId: p._id })).body.data;
      expect(await details()).toMatchObject({ productType: 'fixed', unit: 'pack', price: 10 });

      expect((await put({ _id: p._id, productType: 'variable', unit: 'litre' })).status).toBe(200);
      // Now variable: the unit alone may change within the list, and type alone back to fixed needs pack.
      expect((await put({ _id: p._id, unit: 'ml' })).status).toBe(200);
      expect(fieldsOf(await put({ _id: p._id, productType: 'fixed' }))).toEqual(['unit']);
      expect((await put({ _id: p._id, productType: 'fixed', unit: 'pack' })).status).toBe(200);
      // Edits that touch neither leave the pair alone.
      expect((await put({ _id: p._id, name: 'Renamed typed' })).status).toBe(200);
      expect(await details()).toMatchObject({ productType: 'fixed', unit: 'pack', name: 'Renamed typed' });
    });
  });

  describe('variants on create and update', () => {
    let refs: { category: string[]; subCategory: string[] };
    beforeAll(async () => {
      const cat = await addCategory(t, admin);
      refs = { category: [cat._id], subCategory: [(await addSubCategory(t, admin, [cat._id]))._id] };
    });
    const put = (fields: object) => api(t).put('/api/product/update-product-details').set(bearer(admin)).send(fields);
    type V = { _id: string; name: string; sku?: string; price?: number; stock?: number; image?: string[] };

    it('update keeps the _id of every variant it still lists, gives new rows new ids, drops the ones left out', async () => {
      const p = await addProduct(t, admin, {
        ...refs,
        productType: 'variable',
        unit: 'kg',
        variants: [{ name: '1 kg' }, { name: '5 kg', price: 5000, stock: 3 }, { name: '10 kg' }],
      });
      const [one, five, ten] = (p as unknown as { variants: V[] }).variants;
      const res = await put({
        _id: p._id,
        variants: [
          { _id: five!._id, name: '5 kg pack', price: 4800, stock: 2, expectedStock: 3, image: ['/uploads/v5.webp'] },
          { name: '2 kg', stock: 7 },
          { _id: one!._id, name: '1 kg' },
        ],
      });
      expect(res.status).toBe(200);
      const after: V[] = res.body.data.variants;
      expect(after.map((v) => v.name)).toEqual(['5 kg pack', '2 kg', '1 kg']);
      expect(after[0]).toEqual({ _id: five!._id, name: '5 kg pack', sku: five!.sku, price: 4800, stock: 2, image: [`${t.config.publicUrl}/uploads/v5.webp`] });
      expect(after[2]!._id).toBe(one!._id);
      expect(after[1]!._id).toMatch(ULID);
      expect([one!._id, five!._id, ten!._id]).not.toContain(after[1]!._id);
      // What the product page reads carries the same ids.
      const details = await api(t).post('/api/product/get-product-details').send({ productId: p._id });
      expect(details.body.data.variants.map((v: V) => v._id)).toEqual(after.map((v) => v._id));
      // An update that does not mention variants leaves them as they are.
      const renamed = await put({ _id: p._id, name: 'Atta renamed' });
      expect(renamed.body.data.variants.map((v: V) => v._id)).toEqual(after.map((v) => v._id));
    });

    it('refuses an _id the product never had (another product’s variant, a made-up one) and repeated ids or names; nothing is written', async () => {
      const a = await addProduct(t, admin, { ...refs, variants: [{ name: 'S' }, { name: 'M' }] });
      const b = await addProduct(t, admin, { ...refs, variants: [{ name: 'L' }] });
      const [s, m] = (a as unknown as { variants: V[] }).variants;
      const foreign = (b as unknown as { variants: V[] }).variants[0]!;
      const cases: Array<[object[], string, string]> = [
        [
          [
            { _id: s!._id, name: 'S' },
            { _id: foreign._id, name: 'L' },
          ],
          'variants.1._id',
          'variants.1._id: is not a variant of this product',
        ],
        [[{ _id: UNKNOWN, name: 'XL' }], 'variants.0._id', 'variants.0._id: is not a variant of this product'],
        [
          [
            { _id: s!._id, name: 'S' },
            { _id: s!._id, name: 'S2' },
          ],
          'variants.1._id',
          'variants.1._id: is repeated',
        ],
        [[{ _id: s!._id, name: 'S' }, { name: ' s ' }], 'variants.1.name', 'variants.1.name: is repeated'],
      ];
      for (const [variants, field, message] of cases) {
        const res = await put({ _id: a._id, variants });
        expect({ field, status: res.status, named: fieldsOf(res), message: res.body.message }).toEqual({ field, status: 400, named: [field], message });
      }
      const details = await api(t).post('/api/product/get-product-details').send({ productId: a._id });
      expect(details.body.data.variants.map((v: V) => [v._id, v.name])).toEqual([
        [s!._id, 'S'],
        [m!._id, 'M'],
      ]);
    });

    it('a variant needs a name; its price and stock may be left out but not be negative or text', async () => {
      const p = await addProduct(t, admin, { ...refs });
      const cases: Array<[object, string]> = [
        [{ price: 5 }, 'variants.0.name'],
        [{ name: '   ' }, 'variants.0.name'],
        [{ name: 'A', price: -1 }, 'variants.0.price'],
        [{ name: 'A', stock: -2 }, 'variants.0.stock'],
        [{ name: 'A', stock: 1.5 }, 'variants.0.stock'],
        [{ name: 'A', price: 'lots' }, 'variants.0.price'],
        [{ name: 'A', image: 'one.webp' }, 'variants.0.image'],
      ];
      for (const [variant, field] of cases) {
        const res = await put({ _id: p._id, variants: [variant] });
        expect({ variant, status: res.status, named: fieldsOf(res) }).toEqual({ variant, status: 400, named: [field] });
      }
      const ok = await put({ _id: p._id, variants: [{ name: 'Plain' }] });
      expect(ok.body.data.variants).toEqual([{ _id: expect.stringMatching(ULID), name: 'Plain', sku: expect.stringMatching(/-1$/) }]);
    });

    it('create gives every variant a new id, even one that was sent', async () => {
      const a = await addProduct(t, admin, { ...refs, variants: [{ name: 'Red' }] });
      const taken = (a as unknown as { variants: V[] }).variants[0]!._id;
      const res = await api(t)
        .post('/api/product/create')
        .set(bearer(admin))
        .send({ name: uniqueName('Copy'), unit: 'pack', stock: 1, price: 5, description: 'd', ...refs, variants: [{ _id: taken, name: 'Red' }] });
      expect(res.status).toBe(201);
      expect(res.body.data.variants[0]._id).toMatch(ULID);
      expect(res.body.data.variants[0]._id).not.toBe(taken);
    });
  });
});
