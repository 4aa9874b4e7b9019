import { adminToken, api, bearer, newCustomer, scratchPostgres, startApp, type TestApp } from './harness.js';
import { SearchService } from '../src/search/search.service.js';
import { addCategory, addProduct, addSubCategory } from './catalog-fixtures.js';
import { describeWhenEnv } from './describe-when-env.js';

/**
 * Two API instances on one PostgreSQL database and one Redis: a catalogue write through A must
 * drop B's read cache too. It needs both servers, so it runs only when CI provides them
 * (TEST_DATABASE_URL and REDIS_URL); without them it is reported as skipped, with the reason printed.
 */
describeWhenEnv(['TEST_DATABASE_URL', 'REDIS_URL'], 'catalogue cache across two instances (PostgreSQL + Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await scratchPostgres({ migrated: true });
    drop = scratch.drop;
    // Instances behind one load balancer share the database, Redis and the token secrets.
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.REDIS_URL!,
      JWT_ACCESS_SECRET: 'instances-test-access-secret-0123456789',
      JWT_REFRESH_SECRET: 'instances-test-refresh-secret-0123456789',
    };
    a = await startApp('postgres', env);
    b = await startApp('postgres', env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('a product read through B, updated through A, reads updated through B at once', async () => {
    const admin = await adminToken(a);
    const cat = await addCategory(a, admin);
    const sub = await addSubCategory(a, admin, [cat._id]);
    const p = await addProduct(a, admin, { name: 'Shared Earbuds', price: 999, category: [cat._id], subCategory: [sub._id] });
    const readB = () => api(b).post('/api/product/get-product-details').send({ productId: p._id });
    const listB = () => api(b).post('/api/product/get-product-by-category-and-subcategory').send({ categoryId: cat._id, subCategoryId: sub._id });

    // Several rounds, each read right after the write: B's cache would answer the old price if not told.
    let current = 999;
    for (const price of [1099, 1199, 1299]) {
      expect((await readB()).body.data.price).toBe(current);
      expect((await listB()).body.data[0].price).toBe(current);
      const upd = await api(a).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: p._id, price });
      expect(upd.status).toBe(200);
      current = price;
      expect((await readB()).body.data.price).toBe(current);
      expect((await listB()).body.data[0].price).toBe(current);
    }

    // A delete through A is seen by B as well.
    await readB();
    expect((await api(a).delete('/api/product/delete-product').set(bearer(admin)).send({ _id: p._id })).status).toBe(200);
    expect((await readB()).status).toBe(404);
  });

  it("a review through A shows its new rating through B at once, and leaves B's other cached answers alone", async () => {
    const admin = await adminToken(a);
    const cat = await addCategory(a, admin);
    const sub = await addSubCategory(a, admin, [cat._id]);
    const p = await addProduct(a, admin, { name: 'Shared Teapot', category: [cat._id], subCategory: [sub._id] });
    const q = await addProduct(a, admin, { name: 'Shared Saucer', category: [cat._id], subCategory: [sub._id] });
    const readB = (productId: string) => api(b).post('/api/product/get-product-details').send({ productId });
    // A search through B's index: its rows are held a few seconds too, and must be dropped with the answers.
    await b.app.get(SearchService).ready();
    const searchB = async () =>
      (await api(b).post('/api/product/search-product').send({ search: 'teapot', page: 1 })).body.data.find((x: { _id: string }) => x._id === p._id);
    expect((await readB(p._id)).body.data.totalReviews).toBe(0);
    expect(await searchB()).toMatchObject({ totalReviews: 0 });
    const before = (await readB(q._id)).body;
    const shopper = await newCustomer(a);
    for (const rating of [5, 3, 4]) {
      expect((await api(a).post('/api/review/add').set(bearer(shopper.token)).send({ productId: p._id, rating })).status).toBe(200);
      expect((await readB(p._id)).body.data).toMatchObject({ averageRating: rating, totalReviews: 1 });
      expect(await searchB()).toMatchObject({ averageRating: rating, totalReviews: 1 });
    }
    expect(b.app.get(SearchService).indexCurrent).toBe(true);
    expect((await readB(q._id)).body).toEqual(before);
  });

  it('a product created or renamed through A is found by a search through B at once', async () => {
    const admin = await adminToken(a);
    const cat = await addCategory(a, admin);
    const sub = await addSubCategory(a, admin, [cat._id]);
    await b.app.get(SearchService).ready();
    const searchB = async (search: string) =>
      (await api(b).post('/api/product/search-product').send({ search, page: 1 })).body.data.map((x: { _id: string }) => x._id);
    const p = await addProduct(a, admin, { name: 'Xylocarp Lantern', category: [cat._id], subCategory: [sub._id] });
    expect(await searchB('xylocarp')).toEqual([p._id]);
    await b.app.get(SearchService).ready();
    expect(await searchB('xylocarp')).toEqual([p._id]);
    expect((await api(a).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: p._id, name: 'Brindlewood Lantern' })).status).toBe(200);
    expect(await searchB('brindlewood')).toEqual([p._id]);
    expect(await searchB('xylocarp')).toEqual([]);
  });
});
