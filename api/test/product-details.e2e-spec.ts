// The catalogue's product routes, second half: details, update and delete, forgiving search, product types and units,
// variants (the first half, products.e2e-spec.ts: create, get, listings).
import { api, bearer, PORTABLE_DB_KINDS, startWithUsers, type TestApp } from './harness.js';
import { addCategory, addProduct, addSubCategory, fieldsOf, uniqueName } from './catalog-fixtures.js';

const ULID = /^[0-9A-Z]{26}$/;
const UNKNOWN = '01UNKNOWN00000000000000000';
type Wire = { _id: string; name: string; price: number; discount: number; stock: number; createdAt: string; inStock: boolean; [k: string]: unknown };

describe.each(PORTABLE_DB_KINDS)('products on %s: details, search, types and variants', (kind) => {
  let t: TestApp, admin: string, customer: string;
  beforeAll(async () => void ({ t, admin, customer } = await startWithUsers(kind)));
  afterAll(() => t.close());

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
    const body = (fields: object) => ({ name: uniqueName('Typed'), hsn: '8518', gstRate: 18, stock: 1, price: 10, description: 'd', ...refs, ...fields });
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
        .send({
          hsn: '8518',
          gstRate: 18,
          name: uniqueName('Copy'),
          unit: 'pack',
          stock: 1,
          price: 5,
          description: 'd',
          ...refs,
          variants: [{ _id: taken, name: 'Red' }],
        });
      expect(res.status).toBe(201);
      expect(res.body.data.variants[0]._id).toMatch(ULID);
      expect(res.body.data.variants[0]._id).not.toBe(taken);
    });
  });
});
