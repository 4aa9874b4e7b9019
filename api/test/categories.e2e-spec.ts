import { api, bearer, PORTABLE_DB_KINDS, startWithUsers, type TestApp } from './harness.js';
import { addCategory, addProduct, addSubCategory, fieldsOf, uniqueName } from './catalog-fixtures.js';

const ULID = /^[0-9A-Z]{26}$/;

describe.each(PORTABLE_DB_KINDS)('categories, subcategories and the envelope on %s', (kind) => {
  let t: TestApp, admin: string, customer: string;
  beforeAll(async () => void ({ t, admin, customer } = await startWithUsers(kind)));
  afterAll(() => t.close());

  describe('POST /api/category/add-category', () => {
    it('adds a category in the envelope, with an id without hyphens', async () => {
      const res = await api(t).post('/api/category/add-category').set(bearer(admin)).send({ name: '  Books  ', image: '/uploads/b.webp' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        error: false,
        message: expect.any(String),
        data: { name: 'Books', image: `${t.config.publicUrl}/uploads/b.webp` },
      });
      expect(res.body.data._id).toMatch(ULID);
    });

    it('names the bad field: missing name, wrong types', async () => {
      const missing = await api(t).post('/api/category/add-category').set(bearer(admin)).send({ image: 'x' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ success: false, error: true, code: 'VALIDATION' });
      expect(fieldsOf(missing)).toEqual(['name']);
      expect(missing.body.message).toContain('name');
      const blank = await api(t).post('/api/category/add-category').set(bearer(admin)).send({ name: '   ' });
      expect(fieldsOf(blank)).toEqual(['name']);
      const wrongImage = await api(t).post('/api/category/add-category').set(bearer(admin)).send({ name: 'Ok', image: 42 });
      expect(wrongImage.status).toBe(400);
      expect(fieldsOf(wrongImage)).toEqual(['image']);
      const notObject = await api(t).post('/api/category/add-category').set(bearer(admin)).set('content-type', 'application/json').send('[1,2]');
      expect(notObject.status).toBe(400);
    });

    it('refuses a duplicate name (any case) with 409', async () => {
      const name = uniqueName('Toys');
      await addCategory(t, admin, name);
      const again = await api(t).post('/api/category/add-category').set(bearer(admin)).send({ name: name.toUpperCase() });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already exists/);
    });

    it('is for administrators only: 401 without a token, 403 for a customer', async () => {
      expect((await api(t).post('/api/category/add-category').send({ name: 'Nope' })).status).toBe(401);
      const forbidden = await api(t).post('/api/category/add-category').set(bearer(customer)).send({ name: 'Nope' });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject({ success: false, error: true });
    });
  });

  describe('GET /api/category/get', () => {
    it('lists every category sorted by name, to anyone', async () => {
      const b = await addCategory(t, admin, uniqueName('bbb'));
      const a = await addCategory(t, admin, uniqueName('AAA'));
      const res = await api(t).get('/api/category/get');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const names: string[] = res.body.data.map((c: { name: string }) => c.name);
      expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
      const ids = res.body.data.map((c: { _id: string }) => c._id);
      expect(ids).toEqual(expect.arrayContaining([a._id, b._id]));
    });
  });

  describe('PUT /api/category/update', () => {
    it('renames and re-images; the change shows in the list', async () => {
      const c = await addCategory(t, admin);
      const res = await api(t)
        .put('/api/category/update')
        .set(bearer(admin))
        .send({ _id: c._id, name: `${c.name} New`, image: '/uploads/new.webp' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: c._id, name: `${c.name} New`, image: `${t.config.publicUrl}/uploads/new.webp` });
      const list = await api(t).get('/api/category/get');
      expect(list.body.data.find((x: { _id: string }) => x._id === c._id).name).toBe(`${c.name} New`);
    });

    it('400 names _id (missing or with hyphens) and name; 404 for an unknown id; 409 for a taken name', async () => {
      const c = await addCategory(t, admin);
      const other = await addCategory(t, admin);
      expect(fieldsOf(await api(t).put('/api/category/update').set(bearer(admin)).send({ name: 'x' }))).toEqual(['_id']);
      const hyphen = await api(t).put('/api/category/update').set(bearer(admin)).send({ _id: 'a-b', name: 'x' });
      expect(hyphen.status).toBe(400);
      expect(fieldsOf(hyphen)).toEqual(['_id']);
      expect(fieldsOf(await api(t).put('/api/category/update').set(bearer(admin)).send({ _id: c._id }))).toEqual(['name']);
      const unknown = await api(t).put('/api/category/update').set(bearer(admin)).send({ _id: '01UNKNOWN00000000000000000', name: 'x' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: false, error: true, code: 'NOT_FOUND' });
      expect((await api(t).put('/api/category/update').set(bearer(admin)).send({ _id: c._id, name: other.name })).status).toBe(409);
    });

    it('401 / 403', async () => {
      const c = await addCategory(t, admin);
      expect((await api(t).put('/api/category/update').send({ _id: c._id, name: 'x' })).status).toBe(401);
      expect((await api(t).put('/api/category/update').set(bearer(customer)).send({ _id: c._id, name: 'x' })).status).toBe(403);
    });
  });

  describe('DELETE /api/category/delete', () => {
    it('deletes an unused category; then it is unknown (404)', async () => {
      const c = await addCategory(t, admin);
      const res = await api(t).delete('/api/category/delete').set(bearer(admin)).send({ _id: c._id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: false });
      const list = await api(t).get('/api/category/get');
      expect(list.body.data.map((x: { _id: string }) => x._id)).not.toContain(c._id);
      expect((await api(t).delete('/api/category/delete').set(bearer(admin)).send({ _id: c._id })).status).toBe(404);
    });

    it('409 with a clear message while a subcategory or a product still uses it', async () => {
      const c = await addCategory(t, admin);
      const sub = await addSubCategory(t, admin, [c._id]);
      const bySub = await api(t).delete('/api/category/delete').set(bearer(admin)).send({ _id: c._id });
      expect(bySub.status).toBe(409);
      expect(bySub.body.message).toMatch(/still used by 0 product\(s\) and 1 subcategory/);

      const c2 = await addCategory(t, admin);
      const other = await addCategory(t, admin);
      const otherSub = await addSubCategory(t, admin, [other._id]);
      await addProduct(t, admin, { category: [c2._id], subCategory: [otherSub._id] });
      const byProduct = await api(t).delete('/api/category/delete').set(bearer(admin)).send({ _id: c2._id });
      expect(byProduct.status).toBe(409);
      expect(byProduct.body).toMatchObject({ success: false, code: 'CONFLICT', products: 1, subCategories: 0 });
      // Still there: nothing was orphaned.
      const list = await api(t).get('/api/category/get');
      expect(list.body.data.map((x: { _id: string }) => x._id)).toEqual(expect.arrayContaining([c._id, c2._id]));
      expect(sub._id).toMatch(ULID);
    });

    it('400 without _id; 401 / 403', async () => {
      const c = await addCategory(t, admin);
      expect(fieldsOf(await api(t).delete('/api/category/delete').set(bearer(admin)).send({}))).toEqual(['_id']);
      expect((await api(t).delete('/api/category/delete').send({ _id: c._id })).status).toBe(401);
      expect((await api(t).delete('/api/category/delete').set(bearer(customer)).send({ _id: c._id })).status).toBe(403);
    });
  });

  describe('subcategories', () => {
    it('create: one subcategory in two categories, duplicates ignored, categories answered as {_id, name}', async () => {
      const a = await addCategory(t, admin);
      const b = await addCategory(t, admin);
      const res = await api(t)
        .post('/api/subcategory/create')
        .set(bearer(admin))
        .send({ name: 'Bluetooth Audio', image: '/uploads/s.webp', category: [a._id, { _id: b._id, name: b.name }, a._id] });
      expect(res.status).toBe(201);
      expect(res.body.data._id).toMatch(ULID);
      expect(res.body.data.category).toHaveLength(2);
      expect(res.body.data.category).toEqual(
        expect.arrayContaining([
          { _id: a._id, name: a.name },
          { _id: b._id, name: b.name },
        ]),
      );
    });

    it('refuses a duplicate name (any case) with 409 on create and on update, like categories', async () => {
      const a = await addCategory(t, admin);
      const first = await addSubCategory(t, admin, [a._id]);
      const again = await api(t)
        .post('/api/subcategory/create')
        .set(bearer(admin))
        .send({ name: first.name.toUpperCase(), category: [a._id] });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ success: false, error: true, message: `A sub category named "${first.name.toUpperCase()}" already exists.` });
      const other = await addSubCategory(t, admin, [a._id]);
      const renamed = await api(t)
        .put('/api/subcategory/update')
        .set(bearer(admin))
        .send({ _id: other._id, name: ` ${first.name.toLowerCase()}` });
      expect(renamed.status).toBe(409);
      // Nothing changed: one subcategory of that name, the other kept its own; renaming to its own name in another case is fine.
      const names = ((await api(t).post('/api/subcategory/get')).body.data as Array<{ name: string }>).map((s) => s.name.toLowerCase());
      expect(names.filter((n) => n === first.name.toLowerCase())).toHaveLength(1);
      expect(names).toContain(other.name.toLowerCase());
      expect((await api(t).put('/api/subcategory/update').set(bearer(admin)).send({ _id: first._id, name: first.name.toUpperCase() })).status).toBe(200);
    });

    it('create: 400 names name, category (missing, empty, unknown id, bad id); 401 / 403', async () => {
      const a = await addCategory(t, admin);
      const post = (body: object, token = admin) => api(t).post('/api/subcategory/create').set(bearer(token)).send(body);
      expect(fieldsOf(await post({ category: [a._id] }))).toEqual(['name']);
      expect(fieldsOf(await post({ name: 'x' }))).toEqual(['category']);
      expect(fieldsOf(await post({ name: 'x', category: [] }))).toEqual(['category']);
      expect(fieldsOf(await post({ name: 'x', category: 'abc' }))).toEqual(['category']);
      const unknown = await post({ name: 'x', category: ['01UNKNOWN00000000000000000'] });
      expect(unknown.status).toBe(400);
      expect(fieldsOf(unknown)).toEqual(['category']);
      const bad = await post({ name: 'x', category: ['not-an-id'] });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad)[0]).toMatch(/^category/);
      expect(
        (
          await api(t)
            .post('/api/subcategory/create')
            .send({ name: 'x', category: [a._id] })
        ).status,
      ).toBe(401);
      expect((await post({ name: 'x', category: [a._id] }, customer)).status).toBe(403);
    });

    it('get (POST): every subcategory sorted by name with populated categories, to anyone', async () => {
      const a = await addCategory(t, admin);
      const s1 = await addSubCategory(t, admin, [a._id], uniqueName('zz sub'));
      const s2 = await addSubCategory(t, admin, [a._id], uniqueName('AA sub'));
      const res = await api(t).post('/api/subcategory/get').send({});
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const names: string[] = res.body.data.map((s: { name: string }) => s.name);
      expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
      const found = res.body.data.find((s: { _id: string }) => s._id === s1._id);
      expect(found.category).toEqual([{ _id: a._id, name: a.name }]);
      expect(res.body.data.map((s: { _id: string }) => s._id)).toContain(s2._id);
    });

    it('update: name, image and category list (duplicates ignored); the list reflects it', async () => {
      const a = await addCategory(t, admin);
      const b = await addCategory(t, admin);
      const s = await addSubCategory(t, admin, [a._id]);
      const res = await api(t)
        .put('/api/subcategory/update')
        .set(bearer(admin))
        .send({ _id: s._id, name: `${s.name} 2`, image: '/uploads/n.webp', category: [b._id, b._id] });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        _id: s._id,
        name: `${s.name} 2`,
        image: `${t.config.publicUrl}/uploads/n.webp`,
        category: [{ _id: b._id, name: b.name }],
      });
      const list = await api(t).post('/api/subcategory/get');
      expect(list.body.data.find((x: { _id: string }) => x._id === s._id).category).toEqual([{ _id: b._id, name: b.name }]);
      // A category renamed is seen through its subcategories.
      await api(t)
        .put('/api/category/update')
        .set(bearer(admin))
        .send({ _id: b._id, name: `${b.name} R` });
      const again = await api(t).post('/api/subcategory/get');
      expect(again.body.data.find((x: { _id: string }) => x._id === s._id).category).toEqual([{ _id: b._id, name: `${b.name} R` }]);
    });

    it('update: 400 names _id, name, category; 404 unknown id; 401 / 403', async () => {
      const a = await addCategory(t, admin);
      const s = await addSubCategory(t, admin, [a._id]);
      const put = (body: object, token = admin) => api(t).put('/api/subcategory/update').set(bearer(token)).send(body);
      expect(fieldsOf(await put({ name: 'x' }))).toEqual(['_id']);
      expect(fieldsOf(await put({ _id: s._id }))).toEqual(['name']);
      expect(fieldsOf(await put({ _id: s._id, name: 'x', category: [] }))).toEqual(['category']);
      expect(fieldsOf(await put({ _id: s._id, name: 'x', category: ['01UNKNOWN00000000000000000'] }))).toEqual(['category']);
      expect((await put({ _id: '01UNKNOWN00000000000000000', name: 'x' })).status).toBe(404);
      expect((await api(t).put('/api/subcategory/update').send({ _id: s._id, name: 'x' })).status).toBe(401);
      expect((await put({ _id: s._id, name: 'x' }, customer)).status).toBe(403);
    });

    it('delete: 409 while a product uses it; deletes once free; 404 after; 400 / 401 / 403', async () => {
      const a = await addCategory(t, admin);
      const s = await addSubCategory(t, admin, [a._id]);
      const p = await addProduct(t, admin, { category: [a._id], subCategory: [s._id] });
      const del = (body: object, token = admin) => api(t).delete('/api/subcategory/delete').set(bearer(token)).send(body);
      const inUse = await del({ _id: s._id });
      expect(inUse.status).toBe(409);
      expect(inUse.body.message).toMatch(/still used by 1 product/);
      expect((await api(t).delete('/api/product/delete-product').set(bearer(admin)).send({ _id: p._id })).status).toBe(200);
      expect((await api(t).delete('/api/subcategory/delete').send({ _id: s._id })).status).toBe(401);
      expect((await del({ _id: s._id }, customer)).status).toBe(403);
      expect(fieldsOf(await del({}))).toEqual(['_id']);
      const done = await del({ _id: s._id });
      expect(done.status).toBe(200);
      expect(done.body.success).toBe(true);
      expect((await del({ _id: s._id })).status).toBe(404);
      // With its only subcategory gone, the category can go too.
      expect((await api(t).delete('/api/category/delete').set(bearer(admin)).send({ _id: a._id })).status).toBe(200);
    });
  });

  describe('the envelope and HTTP errors', () => {
    it('unknown /api routes answer a JSON 404 in the envelope', async () => {
      const res = await api(t).get('/api/no/such/route');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ success: false, error: true });
      expect(res.body.message).toContain('/api/no/such/route');
      expect((await api(t).post('/api/product/nope').send({})).status).toBe(404);
    });

    it('a JSON body over 1 MB answers 413', async () => {
      const res = await api(t)
        .post('/api/category/add-category')
        .set(bearer(admin))
        .set('content-type', 'application/json')
        .send(JSON.stringify({ name: 'x', image: 'y'.repeat(1024 * 1024 + 10) }));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, error: true });
      expect(res.body.message).toBe('Request body is too large (the limit is 1 MB).');
    });

    it('bad JSON answers 400 naming the body, never 500', async () => {
      const res = await api(t).post('/api/product/get').set('content-type', 'application/json').send('{"page": 1,');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true, message: 'body: is not valid JSON', fields: ['body'] });
      const empty = await api(t).post('/api/product/get').set('content-type', 'application/json').send('');
      expect(empty.status).toBe(400);
    });
  });
});
