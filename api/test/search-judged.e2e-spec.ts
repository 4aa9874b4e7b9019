import { sql } from 'drizzle-orm';
import { CatalogVersion } from '../src/catalog/catalog-version.js';
import { SearchIndexService } from '../src/search/index/index.service.js';
import type { SeedRow } from '../src/seed/demo-products.js';
import { demoRows, loadDemoCatalogue } from './demo-catalogue.js';
import { api, startApp, type TestApp } from './harness.js';
import { JUDGED, type Judged } from './search-judged/judged-queries.js';
import { GENERALISING } from './search-judged/judged-generalising.js';
import { UNDERSTANDING } from './search-judged/judged-understanding.js';

/**
 * The judged set (search-judged/judged-queries.ts) scored against the demo catalogue at its default size:
 * per query, the share of the first page that is what the shopper asked for (out of a full page, or of every
 * relevant product when the shop has fewer), and for a thing the shop does not sell, 1 only when nothing is
 * offered. The floors only rise: raise them when search gets better (docs/decisions/0001-one-search-ranking.md).
 */
const FLOOR = { precision: 0.995, unsold: 1 };
/** The floor of each family query understanding answers (docs/decisions/0310-query-understanding.md). */
const FAMILY_FLOOR: Record<string, number> = {
  kind: 0.99,
  shelf: 0.99,
  brand: 0.99,
  words: 0.99,
  typo: 0.99,
  hindi: 0.98,
  hinglish: 0.98,
  unsold: 1,
  price: 0.98,
  audience: 0.98,
  'colour-size': 0.98,
  'brand-hindi': 0.98,
  long: 0.98,
  sort: 0.93,
  exclude: 0.99,
  quantity: 0.99,
  age: 0.99,
  gift: 0.98,
  languages: 0.94,
  honest: 1,
  exact: 0.99,
};
/** The families judged since words that order, leave out, measure and gift were read: at least this many queries each. */
const NEW_FAMILIES = ['sort', 'exclude', 'quantity', 'age', 'gift', 'languages', 'honest', 'exact'];
const FAMILY_SIZE = 25;
const PAGE = 10;
const fresh = new Set([...UNDERSTANDING, ...GENERALISING].map((j) => j.q));

/** What the shopper pays (docs/product.md#rules-and-limits), as the products table's sale_price. */
const sellingPrice = (r: SeedRow) => Math.max(r.price - Math.ceil((r.price * r.discount) / 100), 0);
/** A toy's age range ('3-8 years', '6-24 months', or from an age on: '6+ years', five years wide) in years, or null. */
const ageRange = (group: string | undefined): [number, number] | null => {
  const m = group ? /^(\d+)(?:-(\d+)|\+) (years|months)$/.exec(group) : null;
  if (!m) return null;
  const per = m[3] === 'months' ? 1 / 12 : 1;
  const from = Number(m[1]) * per;
  return [from, m[2] ? Number(m[2]) * per : from + 5];
};
/** How many years a child of `age` is from a toy's range (0 inside it); Infinity for no range. */
const ageDistance = (r: SeedRow, age: number) => {
  const range = ageRange(r.more_details['Age group']);
  return range ? Math.max(0, range[0] - age, age - range[1]) : Infinity;
};
const UNITS: Record<string, [string, number]> = { g: ['g', 1], kg: ['g', 1000], ml: ['ml', 1], l: ['ml', 1000] };
/** How far a product's pack (its name's last words: '500 g', '1 l', 'Pack of 6') is from the asked one, as a ratio; Infinity when none or another unit. */
const packDistance = (r: SeedRow, pack: NonNullable<Judged['pack']>) => {
  const m = /(\d+(?:\.\d+)?) (g|kg|ml|l)$|Pack of (\d+)$/.exec(r.name);
  if (!m) return Infinity;
  const [unit, amount] = m[3] ? ['pcs', Number(m[3])] : [UNITS[m[2]!]![0], Number(m[1]) * UNITS[m[2]!]![1]];
  return unit === pack.unit ? Math.abs(Math.log(amount / pack.amount)) : Infinity;
};
/** The order a page is judged against: smaller first. */
const sortKey = (sorted: NonNullable<Judged['sorted']>, r: SeedRow, rating: Map<string, number>) =>
  sorted === 'price-asc'
    ? sellingPrice(r)
    : sorted === 'price-desc'
      ? -sellingPrice(r)
      : sorted === 'newest'
        ? -Date.parse(r.created_at)
        : -(rating.get(r.id) ?? 0);

type Wire = { _id: string; name: string };
type Answer = { data: Wire[]; understood?: { parts: unknown[]; lacking?: { brand: string } } };

describe('the judged set of shoppers’ searches', () => {
  let t: TestApp;
  let rows: SeedRow[];
  let byId: Map<string, SeedRow>;
  let rating: Map<string, number>;

  beforeAll(async () => {
    t = await startApp('pglite');
    rows = demoRows(5000);
    byId = new Map(rows.map((r) => [r.id, r]));
    await loadDemoCatalogue(t.db, rows);
    // Reviews as a walked shop has them: most products some, a few none (the demo's own come with its seed); averages
    // between 1 and 5 stars, rarely equal. Drawn from the names, which the demo's rows repeat run after run, not from the
    // ids, which are new each run: drawn from the ids, the rated queries were judged on other reviews every run and
    // their family's score wandered about its floor (0.929–0.950).
    await t.db.execute(sql`update products set review_count = abs(hashtext(name)) % 40`);
    await t.db.execute(sql`update products set rating_sum = review_count + abs(hashtext(name || ' stars')) % (4 * review_count + 1)`);
    const rated: unknown = await t.db.execute(sql`select id, rating_sum::float / greatest(review_count, 1) as r from products`);
    rating = new Map((rated as { rows: Array<{ id: string; r: number }> }).rows.map((row) => [row.id, Number(row.r)]));
    await t.app.get(CatalogVersion).bump();
    await t.app.get(SearchIndexService).ready();
  }, 120_000);
  afterAll(() => t?.close());

  /** What a query asks for, before what is nearest counts (a kind, a shelf, a name, a price, a colour). */
  const asked = (j: Judged, r: SeedRow) =>
    (!j.cat || r.category_ids[0] === j.cat) &&
    (!j.sub || j.sub.includes(r.sub_category_ids[0]!)) &&
    (!j.name || j.name.test(r.name)) &&
    (!j.text || j.text.test(`${r.name} ${r.description}`)) &&
    (j.maxPrice === undefined || sellingPrice(r) <= j.maxPrice) &&
    (j.minPrice === undefined || sellingPrice(r) >= j.minPrice) &&
    (!j.colour || r.name.endsWith(`, ${j.colour}`)) &&
    (!j.not || !j.not.test(r.name));
  /** What is asked, and of it the nearest by age, pack or option when the query says one. */
  const relevantTo = (j: Judged): ((r: SeedRow) => boolean) => {
    const measures: Array<(r: SeedRow) => number> = [];
    if (j.age !== undefined) measures.push((r) => ageDistance(r, j.age!));
    if (j.pack) measures.push((r) => packDistance(r, j.pack!));
    if (j.size) measures.push((r) => (r.variants.some((v) => v.name === j.size) ? 0 : 1));
    const candidates = rows.filter((r) => asked(j, r));
    const best = measures.map((m) => Math.min(...candidates.map(m)));
    return (r) => asked(j, r) && measures.every((m, k) => m(r) === best[k]);
  };

  /** A page's score: the share of it that is relevant, and 0 when it shows what was left out or is not in the order asked. */
  const scoreOf = (j: Judged, answer: Answer, shown: SeedRow[]): { score: number; unjudgeable: boolean } => {
    if (j.sold === false) return { score: shown.length === 0 ? 1 : 0, unjudgeable: false };
    const relevant = relevantTo(j);
    const exist = rows.filter(relevant);
    if (j.noParts && answer.understood?.parts.length) return { score: 0, unjudgeable: false };
    if (j.lacking !== undefined && answer.understood?.lacking?.brand !== j.lacking) return { score: 0, unjudgeable: false };
    if (j.not && shown.some((r) => j.not!.test(r.name))) return { score: 0, unjudgeable: exist.length === 0 };
    if (j.sorted && shown.length) {
      const key = (r: SeedRow) => sortKey(j.sorted!, r, rating);
      const inOrder = shown.every((r, i) => i === 0 || key(shown[i - 1]!) <= key(r));
      if (!inOrder || key(shown[0]!) > Math.min(...exist.map(key))) return { score: 0, unjudgeable: exist.length === 0 };
    }
    return { score: shown.filter(relevant).length / Math.max(1, Math.min(PAGE, exist.length)), unjudgeable: exist.length === 0 };
  };

  it('finds what shoppers ask for, and nothing for what the shop does not sell', async () => {
    const unjudgeable: string[] = [];
    const scores: Array<{ q: string; kind: string; score: number; shown: string[] }> = [];
    for (const j of JUDGED) {
      const answer = (await api(t).post('/api/product/search-product').send({ search: j.q, page: 1, limit: PAGE })).body as Answer;
      const shown = answer.data.map((p) => byId.get(p._id)!);
      const { score, unjudgeable: none } = scoreOf(j, answer, shown);
      if (none) unjudgeable.push(j.q);
      scores.push({ q: j.q, kind: j.kind, score, shown: shown.slice(0, 3).map((r) => r.name) });
    }
    const mean = (list: typeof scores) => list.reduce((s, x) => s + x.score, 0) / Math.max(1, list.length);
    const sold = scores.filter((s) => s.kind !== 'unsold' && s.kind !== 'honest');
    const unsold = scores.filter((s) => s.kind === 'unsold');
    const byKind = [...new Set(scores.map((s) => s.kind))].map((k) => `${k} ${mean(scores.filter((s) => s.kind === k)).toFixed(3)}`);
    const misses = scores.filter((s) => s.score < 1).map((s) => `${s.score.toFixed(1)} ${s.q} → ${s.shown.join(' | ') || '(nothing)'}`);
    // The score, by kind, and every query short of a full page, in the test's output.
    console.log(`judged set: precision ${mean(sold).toFixed(3)}, unsold ${mean(unsold).toFixed(3)} (${byKind.join(', ')})\n${misses.join('\n')}`);
    // Every query asks for something the demo catalogue has (else it belongs among the unsold).
    expect(unjudgeable).toEqual([]);
    expect(JUDGED.length).toBeGreaterThanOrEqual(400);
    expect(NEW_FAMILIES.filter((kind) => JUDGED.filter((j) => j.kind === kind).length < FAMILY_SIZE)).toEqual([]);
    // The queries judged before query understanding keep their floor together; each family has its own.
    const before = sold.filter((s) => !fresh.has(s.q));
    expect(mean(before)).toBeGreaterThanOrEqual(FLOOR.precision);
    expect(mean(unsold)).toBeGreaterThanOrEqual(FLOOR.unsold);
    const below = Object.entries(FAMILY_FLOOR)
      .map(([kind, floor]) => ({ kind, floor, score: mean(scores.filter((s) => s.kind === kind)) }))
      .filter((f) => f.score < f.floor);
    expect(below).toEqual([]);
  }, 120_000);
});
