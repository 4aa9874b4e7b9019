import { SEARCH_STATEMENT, type NamedStatement } from '../src/db/database.js';
import { CatalogVersion } from '../src/catalog/catalog-version.js';
import { SearchIndexService } from '../src/search/index/index.service.js';
import { learnWords, rankedSearch, searchTokens } from '../src/search/search.repository.js';
import type { SeedRow } from '../src/seed/demo-products.js';
import { loadProducts } from '../src/seed/product-loader.js';
import { demoRows } from './demo-catalogue.js';
import { api, DB_KINDS, startApp, type TestApp } from './harness.js';

type Wire = { _id: string; name: string; subCategory: Array<string | { _id: string }> };
type Answer = { data: Wire[]; totalCount: number; correctedSearch?: string | null };

/**
 * What a shopper meets searching the demo catalogue with typos (docs/decisions/0226-typos-by-letters-and-digits.md):
 * the top results of each query, through the index (the normal path) and the same matches through PostgreSQL alone.
 */
describe.each(DB_KINDS)('searching the demo catalogue with typos, on %s', (kind) => {
  let t: TestApp;
  let read: NamedStatement;
  let rows: SeedRow[];
  const top = async (search: string, limit = 10) => (await api(t).post('/api/product/search-product').send({ search, page: 1, limit })).body as Answer;

  beforeAll(async () => {
    t = await startApp(kind);
    read = t.app.get<NamedStatement>(SEARCH_STATEMENT);
    rows = demoRows(2000);
    await t.db.transaction(async (tx) => {
      await loadProducts(tx, rows);
      await learnWords(tx);
    });
    await t.app.get(CatalogVersion).bump();
    await t.app.get(SearchIndexService).ready();
  });
  afterAll(() => t?.close());

  const subOf = (id: string) => rows.find((r) => r.id === id)!.sub_category_ids[0];

  it('"tshirt" and "tshrt" find T-shirts first, and "tshrt" says it searched for t-shirt', async () => {
    const tshirts = rows.filter((r) => /\bT-shirt\b/i.test(r.name)).length;
    expect(tshirts).toBeGreaterThan(10);
    for (const typed of ['tshirt', 'tshrt']) {
      const found = await top(typed);
      expect({ typed, names: found.data.map((p) => p.name) }).toEqual({ typed, names: found.data.map(() => expect.stringMatching(/T-shirt/i)) });
      expect(found.data).toHaveLength(10);
      expect(found.totalCount).toBeGreaterThanOrEqual(tshirts);
    }
    expect((await top('tshrt')).correctedSearch).toBe('t-shirt');
    expect((await top('tshirt')).correctedSearch ?? null).toBeNull();
  });

  it('"smartwach" ranks smartwatches at the top, above other smart things', async () => {
    const found = await top('smartwach', 20);
    expect(rows.some((r) => /\bSmart\b/.test(r.name) && !/watch/i.test(r.name))).toBe(true);
    expect(found.data.map((p) => p.name)).toEqual(found.data.map(() => expect.stringMatching(/Smartwatch/)));
    expect(found.correctedSearch).toBe('smartwatch');
  });

  it('"namkeen" finds the Chips & Namkeen snacks, and only them', async () => {
    const namkeen = rows.filter((r) => r.sub_category_ids[0] === 'Chips & Namkeen');
    expect(namkeen.length).toBeGreaterThan(5);
    const found = await top('namkeen', 100);
    expect(found.totalCount).toBe(namkeen.length);
    expect(found.data.map((p) => subOf(p._id))).toEqual(found.data.map(() => 'Chips & Namkeen'));
  });

  it('PostgreSQL alone (while the index catches up) matches the same products for each of them', async () => {
    for (const text of ['tshirt', 'tshrt', 'smartwach', 'namkeen', "t-shirt levi's", 'namkeen tangy']) {
      const page = { limit: 1000, offset: 0 };
      const throughSql = await rankedSearch(read, text, searchTokens(text), page);
      const throughIndex = await top(text, 100);
      expect({ text, total: throughSql.total }).toEqual({ text, total: throughIndex.totalCount });
      const sqlIds = new Set(throughSql.rows.map((r) => r.id));
      expect({ text, missing: throughIndex.data.filter((p) => !sqlIds.has(p._id)).map((p) => p.name) }).toEqual({ text, missing: [] });
    }
  });
});
