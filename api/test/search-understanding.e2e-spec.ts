import { CatalogVersion } from '../src/catalog/catalog-version.js';
import { SearchIndexService } from '../src/search/index/index.service.js';
import type { SeedRow } from '../src/seed/demo-products.js';
import { demoRows, loadDemoCatalogue } from './demo-catalogue.js';
import { api, DB_KINDS, startApp, type TestApp } from './harness.js';
import { ageDistance, packDistance } from '@haat/shared/search/query-narrowing';

type Wire = { _id: string; name: string; price: number; discount: number };
type Answer = {
  data: Wire[];
  totalCount: number;
  understood?: { parts: Array<Record<string, unknown>>; unmatched: string[]; emptied?: Record<string, unknown>; lacking?: Record<string, unknown> };
};

/** What the shopper pays (docs/product.md#rules-and-limits). */
const paid = (p: { price: number; discount: number }) => Math.max(p.price - Math.ceil((p.price * p.discount) / 100), 0);

/**
 * Query understanding through the search route (docs/decisions/0310-query-understanding.md): the narrowing is done on
 * the server, counted in the total, and said back in the answer with the words that matched nothing.
 */
describe.each(DB_KINDS)('a search that understands what the shopper means, on %s', (kind) => {
  let t: TestApp;
  let rows: SeedRow[];
  const search = async (q: string, page = 1, limit = 100) =>
    (await api(t).post('/api/product/search-product').send({ search: q, page, limit }).expect(200)).body as Answer;
  /** Every product of the search, page after page. */
  const everything = async (q: string) => {
    const first = await search(q);
    const all = [...first.data];
    for (let page = 2; all.length < first.totalCount; page++) all.push(...(await search(q, page)).data);
    return { all, total: first.totalCount, understood: first.understood };
  };

  beforeAll(async () => {
    t = await startApp(kind);
    rows = demoRows(2000);
    await loadDemoCatalogue(t.db, rows);
    await t.app.get(CatalogVersion).bump();
    await t.app.get(SearchIndexService).ready();
  }, 120_000);
  afterAll(() => t?.close());

  it('"t-shirt under 500" keeps only what sells at ₹500 or less after discount, counts only those, and says so', async () => {
    const { all, total, understood } = await everything('t-shirt under 500');
    const cheap = rows.filter((r) => /T-shirt|Tee\b|Polo/.test(r.name) && paid(r) <= 500).length;
    expect(all.length).toBe(total);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(cheap);
    expect(all.filter((p) => paid(p) > 500)).toEqual([]);
    expect(understood).toEqual({ parts: [{ kind: 'price', min: null, max: 500, from: 1, to: 3 }], unmatched: [] });
  });

  it('"for 6 year old" lists the toys, those made for a six-year-old first and then the nearest, and nothing else', async () => {
    const { all, understood } = await everything('for 6 year old');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(all.length).toBeGreaterThan(0);
    const off = all.map((p) => ageDistance(byId.get(p._id)!.more_details['Age group'], 6));
    // Every product listed says its ages; the ones a six-year-old fits come first, then one year off, and so on.
    expect(off.filter((d) => d === null)).toEqual([]);
    expect(off[0]).toBe(0);
    expect(off).toEqual([...off].sort((a, b) => a! - b!));
    expect(understood?.parts).toEqual([expect.objectContaining({ kind: 'age', years: 6 })]);
  });

  it('"kurta for men" shows no kids’ sets; "girls dress" no dress watch', async () => {
    const kurtas = await everything('kurta for men');
    expect(kurtas.all.length).toBeGreaterThan(0);
    expect(kurtas.all.filter((p) => /kids|kurti/i.test(p.name))).toEqual([]);
    const dresses = await everything('girls dress');
    expect(dresses.all.length).toBeGreaterThan(0);
    expect(dresses.all.filter((p) => /watch/i.test(p.name))).toEqual([]);
  });

  it('"laal tshirt" and "लाल टी-शर्ट" keep red T-shirts only, and count only those', async () => {
    for (const q of ['laal tshirt', 'लाल टी-शर्ट']) {
      const { all, understood } = await everything(q);
      expect(all.length).toBeGreaterThan(0);
      expect({ q, names: all.map((p) => p.name) }).toEqual({ q, names: all.map(() => expect.stringMatching(/T-shirt.*, Red$/)) });
      expect(understood?.parts).toEqual([expect.objectContaining({ kind: 'colour', colour: 'Red' })]);
    }
  });

  it('answers nothing for what is not sold, whatever its size, and says that the shop does not sell it', async () => {
    for (const q of ['rice 5 kg', 'milk 1 litre', 'iphone under 50000']) {
      const found = await search(q, 1, 10);
      expect({ q, names: found.data.map((p) => p.name), total: found.totalCount }).toEqual({ q, names: [], total: 0 });
      // The page says why it is empty: a kind the shop does not sell, named as typed.
      expect(found.understood?.emptied).toEqual({ by: 'unsold', words: q.split(' ')[0] });
    }
  });

  it('drops a word of a long question that matches nothing, and says so', async () => {
    const found = await search('earphones for running with good bass', 1, 10);
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.understood).toEqual({ parts: [], unmatched: ['running'] });
  });

  it('answers nothing for a code the shop does not have, though the other words match (an admin finding a deleted product)', async () => {
    const found = await search('Journey Tea mwz5ru1t', 1, 10);
    expect(found.totalCount).toBe(0);
    expect(found.understood?.unmatched).toContain('mwz5ru1t');
    // Without a code, the word that matches nothing is left out as before.
    expect((await search('Journey Tea', 1, 10)).data.length).toBeGreaterThan(0);
  });

  it('answers nothing for such a code while the index catches up with a write, where PostgreSQL answers alone', async () => {
    // A product holding the other two words: PostgreSQL, asked for the three, would list it (it holds all but one).
    const [first] = rows;
    await loadDemoCatalogue(t.db, [{ ...first!, id: `${first!.id.slice(0, -4)}beef`, sku: `${first!.sku}-JT`, name: 'Journey Tea Classic' }]);
    await t.app.get(CatalogVersion).bump();
    expect(t.app.get(SearchIndexService).current).toBe(false);
    const found = await search('Journey Tea mwz5ru1t', 1, 10);
    expect({ names: found.data.map((p) => p.name), total: found.totalCount }).toEqual({ names: [], total: 0 });
    expect(found.understood?.unmatched).toEqual(['mwz5ru1t']);
    expect((await search('Journey Tea', 1, 10)).data.map((p) => p.name)).toContain('Journey Tea Classic');
    await t.app.get(SearchIndexService).ready();
  });

  it('answers a plain search as before, without an understood part', async () => {
    const found = await search('boat earbuds', 1, 10);
    expect(found.data.length).toBe(10);
    expect(found.understood).toBeUndefined();
  });

  it('orders the page as its words ask: "cheapest earbuds" cheapest first, and says so as a part', async () => {
    const found = await search('cheapest earbuds', 1, 20);
    const prices = found.data.map((p) => paid(p));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(found.understood?.parts).toEqual([{ kind: 'sort', sort: 'lowToHigh', from: 0, to: 1 }]);
  });

  it('sorts what the best match holds when no product holds every word: "premium earbuds high to low" is earbuds, not Premium Watches', async () => {
    const found = await search('premium earbuds high to low', 1, 20);
    const prices = found.data.map((p) => paid(p));
    expect(found.data.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    // "premium" names only the watches' shelf; the earbuds (and what the shop's synonyms say earbuds are) are what was asked.
    expect(found.data.filter((p) => /watch/i.test(p.name)).map((p) => p.name)).toEqual([]);
    expect(found.data[0]!.name).toMatch(/earbuds/i);
  });

  it('never shows what the words leave out, on any page', async () => {
    for (const [q, left] of [
      ['cookies not chocolate', /chocolate/i],
      ['watch other than titan', /^Titan /],
      ['बिना मसाला चिप्स', /masala/i],
    ] as const) {
      const { all } = await everything(q);
      expect(all.length).toBeGreaterThan(0);
      expect({ q, shown: all.filter((p) => left.test(p.name)).map((p) => p.name) }).toEqual({ q, shown: [] });
    }
  });

  it('reads an ordering or leaving-out word of the catalogue’s own names as a word: "latest edition", not newest first', async () => {
    const named = await search('biology latest edition', 1, 10);
    expect(named.understood?.parts ?? []).toEqual([]);
    expect(named.data.length).toBeGreaterThan(0);
    expect(named.data[0]!.name).toMatch(/Biology.*Latest Edition/);
    // The same words with what no name holds together still order and leave out.
    expect((await search('latest kurti', 1, 5)).understood?.parts).toEqual([{ kind: 'sort', sort: 'newest', from: 0, to: 1 }]);
    expect((await search('biscuits non chocolate', 1, 5)).understood?.parts).toMatchObject([{ kind: 'exclude', words: ['chocolate'] }]);
  });

  it('leaves out what is said alone ("non chocolate"), newest first, as the listing does', async () => {
    const { all, total } = await everything('non chocolate');
    expect(all.length).toBe(total);
    expect(total).toBeGreaterThan(rows.length / 2);
    expect(all.filter((p) => /chocolate/i.test(p.name)).map((p) => p.name)).toEqual([]);
  });

  it('puts the nearest pack first and never answers nothing when the kind is sold', async () => {
    const half = await search('half kg almonds', 1, 5);
    expect(half.data[0]!.name).toMatch(/Almonds, 500 g$/);
    const big = await search('2 litre bottle', 1, 5);
    expect(big.totalCount).toBeGreaterThan(0);
    const off = big.data.map((p) => packDistance(p.name, { amount: 2000, unit: 'ml' }));
    expect(off).toEqual([...off].sort((a, b) => (a ?? 99) - (b ?? 99)));
    expect(big.data[0]!.name).toMatch(/Water Bottle, 1 l$/);
  });

  it('says what emptied a page: a price nothing costs within, or a kind the shop does not sell', async () => {
    const cheap = await search('earbuds under 50', 1, 10);
    expect({ total: cheap.totalCount, emptied: cheap.understood?.emptied }).toEqual({ total: 0, emptied: { by: 'price' } });
    for (const q of ['bluetooth speaker', 'power bank', 'cricket bat']) {
      const none = await search(q, 1, 10);
      expect({ q, total: none.totalCount, emptied: none.understood?.emptied }).toEqual({ q, total: 0, emptied: { by: 'unsold', words: q } });
    }
    // A kind it sells, though a word of the query matches nothing, is no unsold kind.
    expect((await search('boat earbuds', 1, 10)).understood?.emptied).toBeUndefined();
  });

  it('answers nothing for a book the shop lacks, though a word of its title names something else it sells', async () => {
    // "fire" is the Fire-Boltt watches' word and no book's: the books are not "Wings of Fire", nor are the watches.
    const lacked = await search('wings of fire book', 1, 10);
    expect({ total: lacked.totalCount, emptied: lacked.understood?.emptied }).toEqual({ total: 0, emptied: { by: 'unsold', words: 'wings fire book' } });
    const held = await search('the kitchen garden book', 1, 10);
    expect(held.data[0]?.name).toMatch(/^The Kitchen Garden/);
  });

  it('says a brand is not sold as the kind asked, and shows its range: "titan earbuds", "बोट स्पीकर"', async () => {
    for (const [q, brand] of [
      ['titan earbuds', 'Titan'],
      ['jbl speaker', 'JBL'],
      ['बोट स्पीकर', 'boAt'],
    ] as const) {
      const found = await search(q, 1, 10);
      expect({ q, lacking: found.understood?.lacking }).toEqual({ q, lacking: { words: q, brand } });
      expect(found.data.length).toBeGreaterThan(0);
      expect(found.data.filter((p) => !p.name.startsWith(`${brand} `)).map((p) => p.name)).toEqual([]);
    }
    // What the brand does sell, as asked.
    expect((await search('titan watch', 1, 10)).understood).toBeUndefined();
  });

  it('reads a title’s "daughter" as a word, and a shopper’s as whom it is for', async () => {
    const title = await search('the weavers daughter', 1, 10);
    expect(title.data[0]!.name).toMatch(/^The Weaver’s Daughter/);
    expect(title.understood).toBeUndefined();
  });
});
