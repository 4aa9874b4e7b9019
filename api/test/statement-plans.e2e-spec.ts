import { sql } from 'drizzle-orm';
import { productRows } from '../src/catalog/index.js';
import { defineStatement, SEARCH_STATEMENT, STATEMENT, type NamedStatement } from '../src/db/database.js';
import { filterRanked, rankedSearch } from '../src/search/search.repository.js';
import { adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop } from './order-fixtures.js';

/**
 * The checkout's named statements are planned once per connection, whatever the values: PostgreSQL
 * left to choose (plan_cache_mode auto) plans the first five calls for their values and, when such
 * plans look cheaper than the one for any values, keeps planning every call (see Statement in
 * api/src/db/database.ts). One connection in each pool, so every named statement below runs on the
 * statement pool's one connection. The setting holds for all of a connection's statements, unnamed
 * ones included, so the main pool, whose queries depend on their values, keeps PostgreSQL's choice.
 * The search pool's named statements (searches, rows by id, a listing page per shape) are each
 * prepared once per connection under their names and run again by name.
 *
 * PostgreSQL only: PGlite runs each statement's text as it comes, with no named statements.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
if (!process.env.TEST_DATABASE_URL) console.log('statement-plans.e2e-spec: skipped — TEST_DATABASE_URL is unset (PGlite has no named statements)');

const PREPARED = defineStatement<object>(
  'test-prepared-plans',
  () => sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name in ('cart-add', 'order-place') order by name`,
);

const SEARCH_PREPARED = defineStatement<object>(
  'test-search-prepared',
  () => sql`select name, (generic_plans + custom_plans)::int as plans from pg_prepared_statements where name like 'haat\_%' order by name`,
);

onPostgres('checkout statements are planned once per connection (postgres)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('postgres', { DATABASE_POOL_SIZE: '1' });
  });
  afterAll(() => t.close());

  it('places seven orders and cart adds without a plan made for their values', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const product = await addProduct(t, admin, shop, { price: 10, stock: 100 });
    for (let i = 0; i < 7; i++) {
      const c = await newCustomer(t, `Shopper ${i}`);
      const addressId = await addAddress(t, c.id);
      const added = await api(t).post('/api/cart/create').set(bearer(c.token)).send({ productId: product._id });
      expect(added.status).toBe(201);
      const placed = await api(t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(c.token))
        .send({ list_items: [line(product, 1)], totalAmt: 10, address: addressId });
      expect(placed.status).toBe(201);
    }
    // Read on the statement pool's connection: prepared statements are per connection.
    const statement = t.app.get<NamedStatement>(STATEMENT);
    const plans = await statement<{ name: string; generic_plans: number; custom_plans: number }>(PREPARED, {});
    expect(plans).toEqual([
      { name: 'cart-add', generic_plans: 7, custom_plans: 0 },
      { name: 'order-place', generic_plans: 7, custom_plans: 0 },
    ]);
  });

  it('leaves the main pool to plan its queries for their values', async () => {
    const modes: unknown = await t.db.execute(sql`select current_setting('plan_cache_mode') as mode`);
    expect((modes as { rows: Array<{ mode: string }> }).rows).toEqual([{ mode: 'auto' }]);
  });
});

onPostgres('searches and listing pages are prepared once per connection of the search pool, each under its name (postgres)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('postgres', { CATALOG_SEARCH_POOL_SIZE: '1' });
  });
  afterAll(() => t.close());

  it('prepares a search, rows by id and a listing page on the search pool and runs them again by name', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const product = await addProduct(t, admin, shop, { price: 10, stock: 5, name: 'Prepared Kettle' });
    const search = t.app.get<NamedStatement>(SEARCH_STATEMENT);
    for (let i = 0; i < 2; i++) {
      const page = { limit: 12, offset: 0, sort: 'newest' as const, inStock: true };
      expect((await rankedSearch(search, 'kettle', ['kettle'], page)).rows.map((r) => r.id)).toEqual([product._id]);
      expect((await filterRanked(search, [product._id], page)).total).toBe(1);
      expect((await productRows(search, [product._id])).map((r) => r.name)).toEqual(['Prepared Kettle']);
      const listed = await api(t)
        .post('/api/product/get')
        .send({ page: 1, limit: 5 + i });
      expect(listed.status).toBe(200);
    }
    // Each prepared once; the search, the filter and the rows by id then run twice (a listing page per shape, once).
    // A shape's number is its place among the shapes the module has named (src/catalog/product-rows.ts), which
    // files before this one in its part may have begun (test/test-parts.js).
    const prepared = await search<{ name: string; plans: number }>(SEARCH_PREPARED, {});
    expect(prepared.map(({ name, plans }) => ({ name: name.replace(/^haat_page_\d+$/, 'haat_page_N'), plans }))).toEqual([
      { name: 'haat_page_N', plans: 1 },
      { name: 'haat_page_N', plans: 1 },
      { name: 'haat_product_rows', plans: 2 },
      { name: 'haat_ranked_filter', plans: 2 },
      { name: 'haat_ranked_search', plans: 2 },
    ]);
  });
});
