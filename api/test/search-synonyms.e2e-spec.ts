import { CatalogVersion } from '../src/catalog/catalog-version.js';
import { SearchIndexService } from '../src/search/index/index.service.js';
import type { SeedRow } from '../src/seed/demo-products.js';
import { demoRows, loadDemoCatalogue } from './demo-catalogue.js';
import { api, bearer, startWithUsers, type TestApp } from './harness.js';

type Answer = { data: Array<{ _id: string; name: string; price: number; discount: number }>; totalCount: number; correctedSearch?: string };

/** The shopper's own words (docs/decisions/0260-the-shoppers-own-words.md) and what a search counts, on the demo catalogue. */
describe('search synonyms and totals', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  let rows: SeedRow[];
  const search = async (text: string, limit = 10) => (await api(t).post('/api/product/search-product').send({ search: text, page: 1, limit })).body as Answer;

  beforeAll(async () => {
    ({ t, admin, customer } = await startWithUsers('pglite'));
    rows = demoRows(1000);
    await loadDemoCatalogue(t.db, rows);
    await t.app.get(CatalogVersion).bump();
    await t.app.get(SearchIndexService).ready();
  }, 120_000);
  afterAll(() => t?.close());

  it('lets only an admin list, change and remove synonyms', async () => {
    expect((await api(t).get('/api/search/synonyms')).status).toBe(401);
    expect((await api(t).get('/api/search/synonyms').set(bearer(customer))).status).toBe(403);
    expect((await api(t).put('/api/search/synonyms').set(bearer(customer)).send({ word: 'pankha', means: 'fan' })).status).toBe(403);
    expect((await api(t).delete('/api/search/synonyms').set(bearer(customer)).send({ word: 'ghadi' })).status).toBe(403);
    const listed = await api(t).get('/api/search/synonyms').set(bearer(admin));
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual(
      expect.arrayContaining([
        { word: 'ghadi', means: 'watch' },
        { word: 'tiffin', means: 'lunch box' },
      ]),
    );
  });

  it('refuses a synonym it cannot use, saying why', async () => {
    for (const [body, message] of [
      [{ word: 'pankha' }, 'means: is required'],
      [{ word: 'a b c', means: 'fan' }, 'word: must be one or two words of letters or digits'],
      [{ word: 'pankha', means: 'one two three four five' }, 'means: must be at most 4 words'],
      [{ word: 'x', means: 'fan' }, 'word: must be at least 2 characters'],
      [{ word: 'pankha', means: ' ' }, 'means: is required'],
      [{ word: 'pankha', means: 'fan', extra: 1 }, 'extra'],
    ] as const) {
      const answer = await api(t).put('/api/search/synonyms').set(bearer(admin)).send(body);
      expect({ body, status: answer.status, error: answer.body.error }).toEqual({ body, status: 400, error: true });
      expect(answer.body.message).toContain(message);
    }
    expect((await api(t).delete('/api/search/synonyms').set(bearer(admin)).send({ word: 'pankha' })).status).toBe(404);
  });

  it('finds what an added word means at the next search, in either script and spelling, until it is removed', async () => {
    const bottles = rows.filter((r) => /water bottle/i.test(r.name)).length;
    expect(bottles).toBeGreaterThan(0);
    expect((await search('paani botal')).data.filter((p) => !/bottle/i.test(p.name))).toEqual([]);
    expect((await search('jalpatra')).totalCount).toBe(0);
    expect((await api(t).put('/api/search/synonyms').set(bearer(admin)).send({ word: 'jalpatra', means: 'water bottle' })).status).toBe(200);
    for (const typed of ['jalpatra', 'jalpaatra', 'जलपात्र']) {
      const found = await search(typed, 100);
      expect({ typed, total: found.totalCount }).toEqual({ typed, total: bottles });
    }
    expect((await api(t).delete('/api/search/synonyms').set(bearer(admin)).send({ word: 'jalpatra' })).status).toBe(200);
    expect((await search('jalpatra')).totalCount).toBe(0);
  });

  it('counts what matches: "dal" is the dal packs, not the catalogue; "atta" and "rice" are nothing, with no "did you mean"', async () => {
    const dal = rows.filter((r) => /\bdal\b/i.test(`${r.name} ${r.description}`)).length;
    expect(dal).toBeGreaterThan(0);
    expect((await search('dal')).totalCount).toBe(dal);
    for (const typed of ['atta', 'rice']) {
      const found = await search(typed);
      expect({ typed, total: found.totalCount, corrected: found.correctedSearch ?? null }).toEqual({ typed, total: 0, corrected: null });
    }
  });

  it('lets an admin set the gifts of an occasion beside the synonyms, and search answers with them', async () => {
    const diwali = { name: 'Diwali', shelves: ['Fiction', 'Non-fiction'] };
    expect((await api(t).put('/api/search/occasions').set(bearer(customer)).send(diwali)).status).toBe(403);
    const bad = await api(t).put('/api/search/occasions').set(bearer(admin)).send({ name: 'Tuesday', shelves: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/name: must be an occasion of the list/);
    const shelfOf = new Map(rows.map((r) => [r.id, r.sub_category_ids[0]]));
    const before = await search('diwali gift', 50);
    expect(before.data.filter((p) => shelfOf.get(p._id) === 'Fiction')).toEqual([]);
    expect((await api(t).put('/api/search/occasions').set(bearer(admin)).send(diwali)).status).toBe(200);
    const books = await search('diwali gift', 50);
    expect(books.data.length).toBeGreaterThan(0);
    expect(books.data.map((p) => shelfOf.get(p._id))).toEqual(books.data.map(() => expect.stringMatching(/^(Fiction|Non-fiction)$/)));
    const listed = (await api(t).get('/api/search/occasions').set(bearer(admin))).body.data as Array<{ name: string; shelves: string[] }>;
    expect(listed.find((o) => o.name === 'Diwali')!.shelves).toEqual(diwali.shelves);
    // A price band: return gifts cost at most what the admin says, when the query names no price.
    await api(t)
      .put('/api/search/occasions')
      .set(bearer(admin))
      .send({ name: 'Return gifts', shelves: ['Pens & Pencils'], maxPrice: 60 })
      .expect(200);
    const gifts = await search('return gifts', 50);
    expect(gifts.data.length).toBeGreaterThan(0);
    expect(gifts.data.filter((p) => p.price - Math.ceil((p.price * p.discount) / 100) > 60)).toEqual([]);
    // Put back: the kept list's shelves again.
    expect((await api(t).delete('/api/search/occasions').set(bearer(admin)).send({ name: 'Diwali' })).status).toBe(200);
    expect((await api(t).delete('/api/search/occasions').set(bearer(admin)).send({ name: 'Diwali' })).status).toBe(404);
    expect((await search('diwali gift', 50)).data.map((p) => p._id)).toEqual(before.data.map((p) => p._id));
  });
});
