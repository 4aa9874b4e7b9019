import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_WIDTHS, imageVariant } from '@haat/shared/files/image-variant';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema.js';
import { MIGRATIONS_DIR } from '../src/db/database.js';
import { unitProblem } from '@haat/shared/catalog/product-unit.rule';
import { DEMO_CUSTOMER, DEMO_CUSTOMER_PASSWORD_FILE } from '../src/seed/demo-seed.js';
import { DEMO_STORES } from '../src/seed/demo-stores.js';
import { SEED_PICTURE_WIDTH } from '../src/seed/seed-images.js';
import { ADMIN, DB_KINDS, adminToken, api, bearer, login, scratchPostgres, startApp, type DbKind, type TestApp } from './harness.js';

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>): Promise<{ rows: T[] }> => {
  const result: unknown = await t.db.execute(query);
  return result as { rows: T[] };
};
type Wire = {
  _id: string;
  name: string;
  price: number;
  discount: number;
  stock: number;
  image: string[];
  variants: unknown[];
  unit: string;
  productType: 'fixed' | 'variable';
  more_details: Record<string, unknown>;
  category: Array<{ _id: string }>;
};

/** A place that outlives one app: a DATA_DIR for PGlite, a scratch database for PostgreSQL. */
async function durableStore(kind: DbKind): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-persist-'));
  const scratch = kind === 'postgres' ? await scratchPostgres() : null;
  return {
    env: { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
    async dispose() {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The seeded catalogue's size. The seed draws a picture of its own for every product of a catalogue this small
 * (about 1.4 pictures a product with the galleries, in two sizes: most of the seed's CPU), and 120 products still give
 * every kind the checks below count: out of stock, 50 % off, variants, details, galleries, reviews, delivered
 * orders. Deep pages need more rows than that: they have a catalogue of their own (catalog-deep-pages.e2e-spec.ts).
 */
const SEEDED = 120;

describe.each(DB_KINDS)('migrations, demo seed and persistence on %s', (kind) => {
  // The store starts empty: this first app applies every migration and seeds the demo.
  describe(`SEED=demo with CATALOG_SIZE=${SEEDED}, restarted on the same data`, () => {
    let store: Awaited<ReturnType<typeof durableStore>>;
    let t: TestApp;
    let products: Wire[];
    const env = () => ({ ...store.env, SEED: 'demo', CATALOG_SIZE: String(SEEDED) });
    beforeAll(async () => {
      store = await durableStore(kind);
      t = await startApp(kind, env());
      products = (await api(t).post('/api/product/get').send({ page: 1, limit: 100 })).body.data;
      products.push(...(await api(t).post('/api/product/get').send({ page: 2, limit: 100 })).body.data);
    });
    afterAll(async () => {
      await t?.close();
      await store?.dispose();
    });

    it('applied every migration to the empty database and created every table', async () => {
      const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await rows<{ n: number }>(t, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      const tables = await rows<{ table_name: string }>(t, sql`select table_name from information_schema.tables where table_schema = 'public'`);
      const present = new Set(tables.rows.map((r) => r.table_name));
      const expected = Object.values(schema)
        .filter((v) => is(v, PgTable))
        .map((table) => getTableName(table as PgTable));
      expect(expected.length).toBeGreaterThan(5);
      expect(expected.filter((name) => !present.has(name))).toEqual([]);
      const trgm = await rows<{ extname: string }>(t, sql`select extname from pg_extension where extname = 'pg_trgm'`);
      expect(trgm.rows).toHaveLength(1);
    });

    it('seeds the shop’s categories, each with 2+ subcategories, one subcategory in two categories', async () => {
      const cats = (await api(t).get('/api/category/get')).body.data as Array<{ _id: string; name: string; image: string }>;
      const names = cats.map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(['Books', 'Earbuds', 'Neckbands', 'Toys', 'T-shirts', 'Clothing', 'Watches', 'Snacks']));
      expect(names.length).toBeGreaterThan(8);
      const subs = (await api(t).post('/api/subcategory/get')).body.data as Array<{ _id: string; category: Array<{ _id: string; name: string }> }>;
      const thin = cats.filter((c) => subs.filter((s) => s.category.some((x) => x._id === c._id)).length < 2).map((c) => c.name);
      expect(thin).toEqual([]);
      expect(subs.some((s) => s.category.length >= 2)).toBe(true);
      for (const c of cats) expect(c.image).toMatch(new RegExp(`^${t.config.publicUrl}/uploads/.+\\.webp$`));
    });

    it('seeds CATALOG_SIZE believable products: whole rupees, discounts 0–70, some out of stock, 1–4 images, some variants and details', async () => {
      expect(products).toHaveLength(SEEDED);
      expect((await api(t).post('/api/product/get').send({ page: 1 })).body.totalCount).toBe(SEEDED);
      for (const p of products) {
        expect(Number.isInteger(p.price) && p.price > 0).toBe(true);
        expect(Number.isInteger(p.discount) && p.discount >= 0 && p.discount <= 70).toBe(true);
        expect(p.image.length).toBeGreaterThanOrEqual(1);
        expect(p.image.length).toBeLessThanOrEqual(4);
        expect(p.category.length).toBeGreaterThan(0);
        expect(p.name.split(' ').length).toBeGreaterThanOrEqual(3);
      }
      expect(products.filter((p) => p.stock === 0).length).toBeGreaterThan(0);
      expect(products.filter((p) => p.discount === 0).length).toBeGreaterThan(0);
      // Deep discounts (50 % and more) come later in the sequence: demo-products.spec.ts counts them in 5,000 rows.
      expect(products.filter((p) => p.discount >= 20).length).toBeGreaterThan(0);
      expect(products.filter((p) => p.variants.length > 0).length).toBeGreaterThanOrEqual(2);
      // docs/product.md#states and #rules-and-limits: the seed keeps the rule the admin form and API enforce (fixed: pack; variable: kg, litre, gm, ml).
      for (const p of products) expect({ name: p.name, problem: unitProblem(p.productType, p.unit) }).toEqual({ name: p.name, problem: null });
      const withDetails = products.filter((p) => Object.keys(p.more_details).some((k) => k !== 'averageRating' && k !== 'totalReviews'));
      expect(withDetails.length).toBeGreaterThan(10);
      expect(Object.keys(withDetails[0]!.more_details)).toEqual(expect.arrayContaining(['averageRating', 'totalReviews']));
    });

    it('seeds reviews a shopper believes: by buyers of delivered orders, varied ratings, some in Hindi, no text repeated beyond a few', async () => {
      type Row = { product_id: string; user_id: string; rating: number; comment: string; created_at: string };
      const all = (await rows<Row>(t, sql`select product_id, user_id, rating, comment, created_at from reviews`)).rows;
      const reviewed = new Set(all.map((r) => r.product_id));
      // A share of the products, not all and not a handful.
      expect(reviewed.size / SEEDED).toBeGreaterThan(0.12);
      expect(reviewed.size / SEEDED).toBeLessThan(0.35);
      // Each review's author has a delivered order holding that product, delivered before the review was written.
      const unbought = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from reviews r where not exists (
              select 1 from orders o join order_lines l on l.order_id = o.id
              where o.user_id = r.user_id and l.product_id = r.product_id and o.status = 'DELIVERED'
                and (o.status_history -> -1 ->> 'updatedAt')::timestamptz < r.created_at)`,
      );
      expect(unbought.rows[0]!.n).toBe(0);
      expect(all.every((r) => new Date(r.created_at).getTime() < Date.now())).toBe(true);
      // The admin's overview of a new shop has a last 30 days to show: some demo orders were placed in it, none today.
      const recent = await rows<{ month: number; today: number }>(
        t,
        sql`select count(*) filter (where created_at > now() - interval '30 days')::int as month,
                   count(*) filter (where created_at > now() - interval '1 day')::int as today from orders`,
      );
      expect(recent.rows[0]!.month).toBeGreaterThan(0);
      expect(recent.rows[0]!.today).toBe(0);
      // Ratings vary, mostly pleased, as a real shop's do.
      const counts = [1, 2, 3, 4, 5].map((stars) => all.filter((r) => r.rating === stars).length);
      expect(counts.every((n) => n > 0)).toBe(true);
      const mean = all.reduce((n, r) => n + r.rating, 0) / all.length;
      expect(mean).toBeGreaterThan(3.3);
      expect(mean).toBeLessThan(4.6);
      // Some in Hindi (Devanagari), most in English.
      const hindi = all.filter((r) => /[\u0900-\u097F]/.test(r.comment)).length;
      expect(hindi / all.length).toBeGreaterThan(0.04);
      expect(hindi / all.length).toBeLessThan(0.3);
      // Nothing that reads as generated: no filler, no serials, no text on more than three reviews.
      for (const r of all) expect(r.comment).not.toMatch(/lorem|ipsum|product \d|review \d|test/i);
      const uses = new Map<string, number>();
      for (const r of all) uses.set(r.comment, (uses.get(r.comment) ?? 0) + 1);
      expect(Math.max(...uses.values())).toBeLessThanOrEqual(3);
      expect(uses.size / all.length).toBeGreaterThan(0.9);

      // The cards' ratings and counts are the reviews' own, and each review reads as a verified purchase.
      const seeded = await rows<{ id: string; n: number; sum: number }>(
        t,
        sql`select product_id as id, count(*)::int as n, sum(rating)::int as sum from reviews group by product_id`,
      );
      const byId = new Map(products.map((p) => [p._id, p as Wire & { averageRating: number; totalReviews: number }]));
      for (const { id, n, sum } of seeded.rows) {
        expect({ id, total: byId.get(id)!.totalReviews, average: byId.get(id)!.averageRating }).toEqual({
          id,
          total: n,
          average: Math.round((sum / n) * 10) / 10,
        });
      }
      const one = seeded.rows[0]!.id;
      const list = await api(t).get(`/api/review/${one}`);
      expect(list.body.totalReviews).toBe(seeded.rows[0]!.n);
      expect(list.body.data.every((r: { verifiedPurchase: boolean; name: string }) => r.verifiedPurchase && r.name.split(' ').length === 2)).toBe(true);
    });

    it('gives every delivered demo order its tax invoice, dated when delivered, numbered without gaps, which the admin opens', async () => {
      type Row = { order_id: string; number: string; issued_at: string; delivered: string };
      const issued = (
        await rows<Row>(
          t,
          sql`select o.id as order_id, i.number, i.issued_at, o.status_history -> -1 ->> 'updatedAt' as delivered
                from orders o left join invoices i on i.order_id = o.id and i.kind = 'invoice'
               where o.status = 'DELIVERED' order by i.issued_at, i.number`,
        )
      ).rows;
      expect(issued.length).toBeGreaterThan(20);
      expect(issued.filter((r) => r.number === null)).toEqual([]);
      for (const r of issued) expect(new Date(r.issued_at).getTime()).toBe(new Date(r.delivered).getTime());
      // Each financial year's series runs 1, 2, 3… in the order of the dates, as deliveries one by one would number it.
      const byYear = new Map<string, number[]>();
      for (const r of issued) {
        // HT/26-27/000123: the financial year 2026-27 written short, within the portal's 16 characters.
        const [, short, n] = /^HT\/(\d{2}-\d{2})\/(\d{6})$/.exec(r.number)!;
        const year = `20${short}`;
        byYear.set(year, [...(byYear.get(year) ?? []), Number(n)]);
      }
      for (const numbers of byYear.values()) expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      // A new delivery continues the series: the series' last number is the seed's.
      const series = await rows<{ financial_year: string; last: number }>(t, sql`select financial_year, last from invoice_series where kind = 'invoice'`);
      for (const { financial_year, last } of series.rows) expect(last).toBe(byYear.get(financial_year)!.length);
      const admin = await login(t, ADMIN.email, ADMIN.password);
      const res = await api(t).get(`/api/order/${issued[0]!.order_id}/invoice`).set(bearer(admin.accesstoken)).set('Accept', 'application/json');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ number: issued[0]!.number, orderId: issued[0]!.order_id, seller: { name: t.config.seller.legalName } });
    });

    // The pictures are drawn and stored (in the uploads folder) by the same code whatever the engine, which
    // only keeps their URLs: they are checked on one engine (docs/testing.md).
    const onPictureEngine = (name: string, test: () => Promise<void>) => {
      if (kind === DB_KINDS.at(-1)) it(name, test);
    };

    onPictureEngine(
      'serves every seeded image, and draws a distinct picture for every product, in WebP at the two sizes, with a gallery of 2–4 views for some',
      async () => {
        const bytesOf = async (url: string) => {
          // Image URLs are answered absolute on PUBLIC_URL; the test server is reached by its path.
          expect(url.startsWith(`${t.config.publicUrl}/uploads/`)).toBe(true);
          const res = await api(t)
            .get(new URL(url).pathname)
            .buffer(true)
            .parse((r, done) => {
              const chunks: Buffer[] = [];
              r.on('data', (c: Buffer) => chunks.push(c));
              r.on('end', () => done(null, Buffer.concat(chunks)));
            });
          expect({ url, status: res.status, type: res.headers['content-type'] }).toEqual({ url, status: 200, type: 'image/webp' });
          return res.body as Buffer;
        };
        const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
        // Every view of every product is served, each read once (the products' first views below, the rest here).
        const urls = [...new Set(products.flatMap((p) => p.image))];
        expect(urls.length).toBeGreaterThan(10);
        const viewHash = new Map<string, string>();
        for (const url of urls) if (!products.some((p) => p.image[0] === url)) viewHash.set(url, hash(await bytesOf(url)));
        const seen = new Map<string, string>();
        for (const p of products) {
          for (const [size, width] of [
            ['large', SEED_PICTURE_WIDTH],
            ['small', IMAGE_WIDTHS.small],
          ] as const) {
            const bytes = await bytesOf(imageVariant(p.image[0]!, size));
            const meta = await sharp(bytes).metadata();
            expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height: width });
            if (size === 'large') {
              const h = hash(bytes);
              viewHash.set(p.image[0]!, h);
              // Every product of this small catalogue has a picture of its own: no two share the bytes.
              expect({ product: p.name, sameAs: seen.get(h) }).toEqual({ product: p.name, sameAs: undefined });
              seen.set(h, p.name);
            }
          }
        }
        const galleries = products.filter((p) => p.image.length > 1);
        expect(galleries.length).toBeGreaterThan(products.length / 10);
        // Galleries of two views come with eight pictures a subcategory, past 210 products (demo-products.spec.ts sees both kinds).
        expect(galleries.filter((p) => p.image.length !== 2 && p.image.length !== 4).map((p) => p.image.length)).toEqual([]);
        for (const p of galleries.slice(0, 5)) {
          const views = p.image.map((url) => viewHash.get(url));
          expect(new Set(views).size).toBe(p.image.length);
        }
      },
    );

    it('seeds the dark stores with their pincodes, stocked from the warehouse by transfers whose ledger adds up to every pool', async () => {
      const admin = await adminToken(t);
      const listed = (await api(t).get('/api/store/list').set(bearer(admin))).body.data.stores as Array<{
        _id: string;
        name: string;
        servesPincodes: string[];
        promiseMinutes: number;
        open: boolean;
        units: number;
      }>;
      expect(listed.map((s) => s.name).sort()).toEqual(DEMO_STORES.map((s) => s.name).sort());
      for (const store of listed) {
        const demo = DEMO_STORES.find((s) => s.name === store.name)!;
        expect(store).toMatchObject({ servesPincodes: [...demo.servesPincodes].sort(), promiseMinutes: 10, open: true });
        expect(store.units).toBeGreaterThan(3);
        const stock = (await api(t).get('/api/store/stock').query({ storeId: store._id }).set(bearer(admin))).body.data.stock as Array<{ onHand: number }>;
        for (const line of stock) expect(line.onHand).toBeGreaterThan(0);
      }
      // Every pool the transfers touched (store and warehouse) adds up to its ledger.
      const off = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from inventory_levels l
             where l.id in (select inventory_level_id from stock_movements where reason = 'transfer')
               and l.on_hand <> (select coalesce(sum(m.on_hand_delta), 0) from stock_movements m where m.inventory_level_id = l.id)`,
      );
      expect(off.rows[0]!.n).toBe(0);
    });

    it('the admin from ADMIN_EMAIL/ADMIN_PASSWORD and the demo customer can sign in', async () => {
      const admin = await login(t, ADMIN.email, ADMIN.password);
      const me = await api(t).get('/api/user/user-details').set(bearer(admin.accesstoken));
      expect(me.body.data).toMatchObject({ email: ADMIN.email, role: 'ADMIN' });
      // The demo customer's password is this shop's own, in the data folder for its owner only; the one
      // the README once published opens nothing.
      const file = join(t.config.dataDir, DEMO_CUSTOMER_PASSWORD_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect((await api(t).post('/api/user/login').send({ email: DEMO_CUSTOMER.email, password: 'masala-chai-monsoon' })).status).toBe(400);
      const customer = await login(t, DEMO_CUSTOMER.email, password);
      const cme = await api(t).get('/api/user/user-details').set(bearer(customer.accesstoken));
      expect(cme.body.data).toMatchObject({ email: DEMO_CUSTOMER.email, role: 'USER', name: DEMO_CUSTOMER.name });
    });

    it('keeps its data across a restart and never seeds twice, even once the demo catalogue is deleted', async () => {
      const admin = await adminToken(t);
      const made = await api(t).post('/api/category/add-category').set(bearer(admin)).send({ name: 'Made Before Restart' });
      expect(made.status).toBe(201);
      await t.close();

      t = await startApp(kind, env());
      const cats = (await api(t).get('/api/category/get')).body.data as Array<{ name: string }>;
      expect(cats.map((c) => c.name)).toContain('Made Before Restart');
      expect(cats.filter((c) => c.name === 'Books')).toHaveLength(1);
      expect((await api(t).post('/api/product/get').send({ page: 1 })).body.totalCount).toBe(SEEDED);
      // Sessions survive too: the token secrets live in DATA_DIR.
      expect((await api(t).get('/api/user/user-details').set(bearer(admin))).status).toBe(200);

      // The shop owner clears the demo catalogue away: the products in one statement (their deletion through the
      // API is products.e2e-spec.ts's; here a request a product on each engine would be setup), the categories through the API...
      const token = await adminToken(t);
      await t.db.delete(schema.products);
      const subs = (await api(t).post('/api/subcategory/get')).body.data as Array<{ _id: string }>;
      for (const s of subs) expect((await api(t).delete('/api/subcategory/delete').set(bearer(token)).send({ _id: s._id })).status).toBe(200);
      for (const c of (await api(t).get('/api/category/get')).body.data as Array<{ _id: string }>)
        expect((await api(t).delete('/api/category/delete').set(bearer(token)).send({ _id: c._id })).status).toBe(200);
      await t.close();

      // ...and a restart does not bring it back.
      t = await startApp(kind, env());
      expect((await api(t).get('/api/category/get')).body.data).toEqual([]);
      expect((await api(t).post('/api/product/get').send({ page: 1 })).body.totalCount).toBe(0);
    });
  });
});
