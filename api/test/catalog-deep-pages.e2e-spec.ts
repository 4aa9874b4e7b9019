import { CatalogVersion } from '../src/catalog/index.js';
import { demoRows, loadDemoCatalogue } from './demo-catalogue.js';
import { DB_KINDS, adminToken, api, bearer, startApp, type TestApp } from './harness.js';

type Wire = { _id: string };

// The demo catalogue's rows as the seed makes them, without its pictures (test/demo-catalogue.ts): deep pages need
// more than 240 rows, and drawing some 420 pictures for them would cost more than the checks.
describe.each(DB_KINDS)('deep pages of 300 demo products (sought from anchors past row 240) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
    await loadDemoCatalogue(t.db, demoRows(300));
    await t.app.get(CatalogVersion).bump();
  });
  afterAll(() => t?.close());

  it('equal plain paging, in every order, and follow writes', async () => {
    const ids = (list: Wire[]) => list.map((p) => p._id);
    // Pages 19–25 of 12: two plain OFFSET pages before row 240 and every page sought from an anchor after it
    // (src/catalog/page-anchors.ts: below row 240 no anchor is used, so pages 1–18 would compare OFFSET with itself).
    const FROM = 19;
    const pagesOf12 = async (body: object) => {
      const all: Wire[] = [];
      for (let page = FROM; page <= 25; page++)
        all.push(
          ...(
            await api(t)
              .post('/api/product/get')
              .send({ ...body, page, limit: 12 })
          ).body.data,
        );
      return all;
    };
    // Page 3 of 100 (rows 201–300) starts before offset 240, so it is a plain OFFSET page: the reference for rows
    // 217 on, which pages 19–25 of 12 hold (pages 1 and 2 of 100 would only be sliced away).
    const page3Of100 = async (body: object) => {
      const res = await api(t)
        .post('/api/product/get')
        .send({ ...body, page: 3, limit: 100 });
      return res.body as { data: Wire[]; totalCount: number };
    };
    const tail = (page3: { data: Wire[] }) => ids(page3.data).slice((FROM - 1) * 12 - 200);
    for (const sort of ['newest', 'oldest', 'lowToHigh', 'highToLow'] as const) {
      const reference = await page3Of100({ sort });
      expect({ sort, ids: ids(await pagesOf12({ sort })) }).toEqual({ sort, ids: tail(reference) });
    }
    const inStock = await page3Of100({ inStock: true, sort: 'lowToHigh' });
    expect(inStock.totalCount).toBeGreaterThan(240);
    expect(ids(await pagesOf12({ inStock: true, sort: 'lowToHigh' }))).toEqual(tail(inStock));

    // A new product (a catalogue write) moves every later page by one, anchors included.
    const admin = await adminToken(t);
    const before = (await api(t).post('/api/product/get').send({ page: 22, limit: 12 })).body.data as Wire[];
    const made = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ hsn: '8518', gstRate: 18, name: 'Newest Thing', unit: 'pack', stock: 1, price: 10, description: 'd' });
    expect(made.status).toBe(201);
    const after = (await api(t).post('/api/product/get').send({ page: 22, limit: 12 })).body.data as Wire[];
    expect(after[1]!._id).toBe(before[0]!._id);
    expect((await api(t).delete('/api/product/delete-product').set(bearer(admin)).send({ _id: made.body.data._id })).status).toBe(200);
    expect(ids((await api(t).post('/api/product/get').send({ page: 22, limit: 12 })).body.data)).toEqual(ids(before));
  });
});
