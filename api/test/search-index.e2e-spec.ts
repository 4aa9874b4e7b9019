import type { Worker } from 'node:worker_threads';
import { and, eq, sql } from 'drizzle-orm';
import { SEARCH_SQL, type ReadSql } from '../src/db/database.js';
import { CatalogVersion } from '../src/products/catalog-version.js';
import { forgivingQuery, rankedSearch, searchTokens } from '../src/products/product-search.js';
import { products } from '../src/products/products.table.js';
import { SearchIndexService } from '../src/products/search-index/search-index.service.js';
import { asciiTrigrams } from '../src/products/search-index/trigrams.js';
import { addCategory, addProduct, addSubCategory } from './catalog-fixtures.js';
import { api, bearer, DB_KINDS, startWithUsers, type TestApp } from './harness.js';

/** A small deterministic generator (mulberry32), so a failing query can be reproduced. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BRANDS = ['boAt', 'Noise', 'Prestige', 'Amul', 'Haldiram', 'Classmate', 'Parker', 'Bajaj', 'Realme', 'Penguin'];
const ADJECTIVES = ['wireless', 'gentle', 'organic', 'premium', 'classic', 'fast', 'dry', 'green', 'steel', 'mini', 'pro'];
const NOUNS = [
  'earbuds',
  'smartwatch',
  'pen',
  'pencil',
  'pens',
  'pendant',
  'notebook',
  'headphones',
  'kettle',
  'tea',
  'dal',
  'moisturising cream',
  'running shoes',
  'charger',
  'cable',
  'product',
];
const DESCRIPTIONS = [
  'Genuine product, delivered fast.',
  'A {adj} {noun} for everyday use with a {noun2}.',
  'The best {noun} in the {adj} range, and more of the same {noun}.',
  '',
  'Pens, pencils and pendants: {noun2} {noun2} {noun2}.',
  'Made by {brand} with {adj} care; 500 ml, 2 pack, model X200.',
];
const STOPWORDS = ['the', 'and', 'with', 'for', 'of', 'a'];

function typo(word: string, next: () => number): string {
  if (word.length < 3) return word;
  const i = 1 + Math.floor(next() * (word.length - 2));
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
    default:
      return word.slice(0, i) + 'qxz'[Math.floor(next() * 3)] + word.slice(i + 1);
  }
}

describe.each(DB_KINDS)('the in-process search index on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let index: SearchIndexService;
  let read: ReadSql;
  const words = new Set<string>();
  const names: string[] = [];
  let categoryId: string;
  let subCategoryId: string;

  beforeAll(async () => {
    ({ t, admin } = await startWithUsers(kind));
    index = t.app.get(SearchIndexService);
    read = t.app.get<ReadSql>(SEARCH_SQL);
    categoryId = (await addCategory(t, admin))._id;
    subCategoryId = (await addSubCategory(t, admin, [categoryId]))._id;
    const next = random(14);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    for (let i = 0; i < 90; i++) {
      const noun = pick(NOUNS);
      const name = `${pick(BRANDS)} ${next() < 0.6 ? pick(ADJECTIVES) + ' ' : ''}${noun}${next() < 0.3 ? ' ' + (100 + i) : ''}`;
      const description = pick(DESCRIPTIONS)
        .replace(/\{adj\}/g, pick(ADJECTIVES))
        .replace(/\{noun\}/g, noun)
        .replace(/\{noun2\}/g, pick(NOUNS))
        .replace(/\{brand\}/g, pick(BRANDS));
      names.push(name);
      for (const w of `${name} ${description}`.toLowerCase().split(/[^a-z0-9]+/)) if (w.length > 1) words.add(w);
      await addProduct(t, admin, { name, description, category: [categoryId], subCategory: [subCategoryId] });
    }
    // Same text, different ids: ties must come out newest id first, as in SQL.
    for (let i = 0; i < 4; i++)
      await addProduct(t, admin, {
        name: 'Twin Kettle',
        description: 'Genuine product, delivered fast.',
        category: [categoryId],
        subCategory: [subCategoryId],
      });
    // An unpublished product never shows.
    const hidden = await addProduct(t, admin, { name: 'Hidden Kettle Secret', category: [categoryId], subCategory: [subCategoryId] });
    await t.db.update(products).set({ publish: false, updatedAt: new Date() }).where(eq(products.id, hidden._id));
    await t.app.get(CatalogVersion).bump();
  });
  afterAll(() => t.close());

  it('splits text into trigrams exactly as pg_trgm does (ASCII)', async () => {
    for (const text of ['earbuds', 'Wireless Earbuds 141', 'a', 'x-200 pro!', '  dal  makhani ', 'AB', '12 34', 'moisturvsing']) {
      const [row] = await read('test_show_trgm', 'select show_trgm($1) as t', [text]);
      expect([...asciiTrigrams(text)!].sort()).toEqual([...(row!.t as string[])].sort());
    }
    expect(asciiTrigrams('café')).toBeNull();
  });

  it('answers several hundred generated searches exactly as the SQL statement does (ids, order, totals)', async () => {
    await index.ready();
    expect(index.current).toBe(true);
    const next = random(7);
    const vocabulary = [...words];
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const queries: Array<{ text: string; page: number; limit: number }> = [];
    for (let i = 0; i < 420; i++) {
      const n = 1 + Math.floor(next() * 3);
      const parts: string[] = [];
      for (let w = 0; w < n; w++) {
        const roll = next();
        let word = roll < 0.08 ? pick(STOPWORDS) : roll < 0.14 ? pick(['xqzvw', 'zzyzx', 'blorft']) : pick(vocabulary);
        if (next() < 0.3) word = typo(word, next);
        parts.push(word);
      }
      if (next() < 0.35) parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, 1 + Math.floor(next() * parts[parts.length - 1]!.length));
      let text = parts.join(' ');
      // Whole names, misspelt: the name-similarity fallback.
      if (next() < 0.1) text = typo(typo(pick(names), next), next);
      if (next() < 0.1) text = text.toUpperCase() + '!';
      queries.push({ text, page: next() < 0.75 ? 1 : next() < 0.7 ? 2 : 4, limit: next() < 0.5 ? 12 : 5 });
    }
    let fallbacks = 0;
    let manyMatches = 0;
    for (const q of queries) {
      const tokens = searchTokens(q.text);
      if (tokens.length === 0) continue;
      const offset = (q.page - 1) * q.limit;
      const text = q.text.trim();
      const oracle = await rankedSearch(read, text, tokens, q.limit, offset);
      const indexed = await index.search(text, tokens, q.limit, offset);
      expect({ q, answered: indexed !== null }).toEqual({ q, answered: true });
      const expected = oracle ? { ids: oracle.rows.map((r) => r.id), total: oracle.total } : { ids: [] as string[] };
      const got = oracle ? indexed : { ids: indexed!.ids };
      expect({ q, ...got }).toEqual({ q, ...expected });
      if (oracle && oracle.total >= 20) manyMatches += 1;
      if (oracle && q.page === 1 && oracle.rows.length > 0) {
        const query = await forgivingQuery(t.db, q.text);
        const [match] = await t.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(products)
          .where(and(eq(products.publish, true), sql`${products.search} @@ ${query}`));
        if (match!.n === 0) fallbacks += 1;
      }
    }
    // The generated set really exercises the fallback and large result sets.
    expect(fallbacks).toBeGreaterThan(5);
    expect(manyMatches).toBeGreaterThan(10);
  });

  it('sees a renamed, a deleted and an unpublished product at the very next search, and catches up', async () => {
    const created = await addProduct(t, admin, { name: 'Zephyrine Lamp', description: 'Warm light.', category: [categoryId], subCategory: [subCategoryId] });
    const search = async (text: string) =>
      (await api(t).post('/api/product/search-product').send({ search: text, page: 1 })).body.data.map((p: { _id: string }) => p._id);
    expect(await search('zephyrine')).toEqual([created._id]);
    await index.ready();
    expect(await search('zephyrine')).toEqual([created._id]);

    const renamed = await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: created._id, name: 'Quokkaform Lamp' });
    expect(renamed.status).toBe(200);
    expect(await search('quokkaform')).toEqual([created._id]);
    expect(await search('zephyrine')).not.toContain(created._id);
    await index.ready();
    expect((await index.search('quokkaform', ['quokkaform'], 12, 0))?.ids).toEqual([created._id]);
    expect((await index.search('zephyrine', ['zephyrine'], 12, 0))?.ids).not.toContain(created._id);

    await t.db.update(products).set({ publish: false }).where(eq(products.id, created._id));
    await t.app.get(CatalogVersion).bump();
    expect(await search('quokkaform')).toEqual([]);
    await index.ready();
    expect((await index.search('quokkaform', ['quokkaform'], 12, 0))?.ids).toEqual([]);

    await t.db.update(products).set({ publish: true }).where(eq(products.id, created._id));
    await t.app.get(CatalogVersion).bump();
    await index.ready();
    expect((await index.search('quokkaform', ['quokkaform'], 12, 0))?.ids).toEqual([created._id]);

    const deleted = await api(t).delete('/api/product/delete-product').set(bearer(admin)).send({ _id: created._id });
    expect(deleted.status).toBe(200);
    expect(await search('quokkaform')).toEqual([]);
    await index.ready();
    expect((await index.search('quokkaform', ['quokkaform'], 12, 0))?.ids).toEqual([]);
  });

  it('ranks on its own thread; when that thread dies, searches answer through SQL and a new thread rebuilds the index', async () => {
    await index.ready();
    const worker = () => (index as unknown as { thread: { worker: Worker } | null }).thread?.worker;
    const first = worker();
    expect(first?.threadId).toBeGreaterThan(0);
    const search = async (text: string) => (await api(t).post('/api/product/search-product').send({ search: text, page: 1 })).body;
    const before = await search('twin kettle');
    expect(before.totalCount).toBeGreaterThanOrEqual(4);
    // Killed as an out-of-memory thread would be: no goodbye.
    await first!.terminate();
    await new Promise((resolve) => setImmediate(resolve));
    expect(index.current).toBe(false);
    expect(await index.search('twin kettle', ['twin', 'kettle'], 12, 0)).toBeNull();
    expect(await search('twin kettle')).toEqual(before);
    await index.ready();
    expect(index.current).toBe(true);
    expect(worker()).not.toBe(first);
    expect((await index.search('twin kettle', ['twin', 'kettle'], 12, 0))?.ids).toEqual(before.data.map((p: { _id: string }) => p._id));
  });
});
