import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { Test } from 'supertest';
import { addresses } from '../src/addresses/addresses.table.js';
import { refreshSessions } from '../src/auth/refresh-sessions.table.js';
import { cartItems } from '../src/cart/cart.table.js';
import { products } from '../src/catalog/products.table.js';
import { productInventorySql } from '../src/inventory/stock-reads.js';
import { reviews } from '../src/reviews/reviews.table.js';
import { users } from '../src/users/users.table.js';
import { wishlistItems } from '../src/wishlist/wishlist.table.js';
import { ADMIN, PORTABLE_DB_KINDS, adminToken, api, bearer, login, newCustomer, startApp, type TestApp } from './harness.js';
import { ADDRESS, addAddress, addProduct } from './accounts-fixtures.js';

// fast-check's own default. Every run of the suite draws new inputs (no fixed seed), so each route meets other
// ones every time; 200 a route cost twice the CPU, and made this the dearest file of the suite (docs/testing.md).
const RUNS = 100;

/**
 * Random bodies (and paths, queries, headers) at every route of the accounts issue, sent by a
 * signed-in "fuzzer" customer (an admin for the admin-only route). No answer may be a 500, every
 * answer wears the envelope, and nothing of another customer, of the products or of the admin may
 * change; review counts must still equal the reviews.
 */
describe.each(PORTABLE_DB_KINDS)('generated input at every accounts route on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it(`answers ${RUNS} random requests per route without a 500 and without touching what it must not`, async () => {
    const admin = await adminToken(t);
    const victim = await newCustomer(t, 'Victim');
    const fuzzer = await newCustomer(t, 'Fuzzer');
    const p1 = await addProduct(t, admin, { stock: 5, price: 120, discount: 10 });
    const p2 = await addProduct(t, admin, { stock: 0 });
    const victimAddress = await addAddress(t, victim.token);
    const victimLine = (await api(t).post('/api/cart/create').set(bearer(victim.token)).send({ productId: p1._id })).body.data._id as string;
    await api(t).post('/api/wishlist/add').set(bearer(victim.token)).send({ productId: p1._id });
    const victimReview = (await api(t).post('/api/review/add').set(bearer(victim.token)).send({ productId: p1._id, rating: 4 })).body.data._id as string;
    const fuzzerAddress = await addAddress(t, fuzzer.token);
    const fuzzerReview = (await api(t).post('/api/review/add').set(bearer(fuzzer.token)).send({ productId: p2._id, rating: 2 })).body.data._id as string;

    const guarded = async () => ({
      victim: await t.db.select().from(users).where(eq(users.id, victim.id)),
      admin: await t.db.select().from(users).where(eq(users.email, ADMIN.email)),
      addresses: await t.db.select().from(addresses).where(eq(addresses.userId, victim.id)),
      cart: await t.db.select().from(cartItems).where(eq(cartItems.userId, victim.id)),
      wishlist: await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, victim.id)),
      reviews: await t.db.select().from(reviews).where(eq(reviews.userId, victim.id)),
      sessions: await t.db
        .select({ id: refreshSessions.id, revokedAt: refreshSessions.revokedAt })
        .from(refreshSessions)
        .where(eq(refreshSessions.userId, victim.id)),
      stock: await t.db
        .select({ id: products.id, inventory: productInventorySql, price: products.price, discount: products.discount })
        .from(products)
        .orderBy(products.id),
    });
    const countsMatchReviews = async () => {
      const rows = await t.db.execute(sql`
        select p.id from products p
        left join (select product_id, count(*)::int n, coalesce(sum(rating), 0)::int s from reviews group by product_id) r on r.product_id = p.id
        where p.review_count <> coalesce(r.n, 0) or p.rating_sum <> coalesce(r.s, 0)`);
      return ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[])).length;
    };

    // Values that are wrong in every way, plus real ids and e-mails (someone else's among them).
    const ids = fc.constantFrom(
      victimAddress,
      victimLine,
      victimReview,
      fuzzerAddress,
      fuzzerReview,
      p1._id,
      p2._id,
      victim.id,
      fuzzer.id,
      '01NOSUCHID0000000000000000',
      '',
    );
    const emails = fc.constantFrom(victim.email, fuzzer.email, ADMIN.email, 'NOBODY@test.local', 'not-an-email', ' ');
    const wild = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ minLength: 300, maxLength: 3000 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(0, -1, 1, 5, 6, 1e21, '0', '5', '000000', '123456', 'NaN', '<script>', "'; drop table users; --"),
      ids,
      emails,
      fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), ids), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), ids), { maxKeys: 3 }),
    );
    const bodyOf = (keys: string[]) =>
      fc.oneof(
        fc.anything({ maxDepth: 3 }),
        fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), wild, { maxKeys: keys.length + 2 }),
        fc.record(Object.fromEntries(keys.map((k) => [k, wild])), { requiredKeys: [] }),
      );
    /** A valid body with up to two fields swapped for wild values: reaches the service, not just the schema. */
    const near = (template: Record<string, fc.Arbitrary<unknown>>) =>
      fc
        .tuple(fc.record(template), fc.dictionary(fc.constantFrom(...Object.keys(template)), wild, { maxKeys: 2 }))
        .map(([valid, swapped]) => ({ ...valid, ...swapped }));
    const text = fc.string({ minLength: 1, maxLength: 30 }).filter((x) => x.trim() !== '');
    const addressBody = fc.oneof(
      bodyOf([...Object.keys(ADDRESS), '_id', 'userId']),
      near({
        ...Object.fromEntries(Object.keys(ADDRESS).map((k) => [k, fc.oneof(fc.constant(ADDRESS[k as keyof typeof ADDRESS]), text)])),
        mobile: fc.constantFrom('9876543210', '+91 98765 43210'),
        _id: ids,
        userId: ids,
      }),
    );
    const syncItems = fc.array(
      fc.record({ productId: fc.oneof(ids, fc.string({ maxLength: 30 })), quantity: fc.oneof(fc.integer({ min: -3, max: 20 }), wild) }),
      { maxLength: 6 },
    );
    const headerSafe = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

    const customer = (req: Test) => req.set(bearer(fuzzer.token));
    // Any value as a JSON body, even `true` or a bare string (what a broken client might send).
    const json = (req: Test, body: unknown) => (body === undefined ? req : req.type('json').send(JSON.stringify(body) ?? 'null'));
    interface Route {
      name: string;
      arb: fc.Arbitrary<unknown>;
      send: (input: never) => Test;
      /** Statuses this route may answer besides 2xx/4xx: Google sign-in is not configured here (503). */
      also5xx?: number[];
    }
    const routes: Route[] = [
      { name: 'POST /api/user/google-login', arb: bodyOf(['credential']), send: (b) => json(api(t).post('/api/user/google-login'), b), also5xx: [503] },
      { name: 'POST /api/user/google-register', arb: bodyOf(['credential']), send: (b) => json(api(t).post('/api/user/google-register'), b), also5xx: [503] },
      { name: 'PUT /api/user/forgot-password', arb: bodyOf(['email']), send: (b) => json(api(t).put('/api/user/forgot-password'), b) },
      {
        name: 'PUT /api/user/verify-forgot-password-otp',
        arb: fc.oneof(bodyOf(['email', 'otp']), near({ email: emails, otp: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')) })),
        send: (b) => json(api(t).put('/api/user/verify-forgot-password-otp'), b),
      },
      {
        name: 'PUT /api/user/reset-password',
        arb: fc.oneof(
          bodyOf(['email', 'newPassword', 'confirmPassword']),
          near({ email: emails, newPassword: fc.constant('hijacked-1'), confirmPassword: fc.constant('hijacked-1') }),
        ),
        send: (b) => json(api(t).put('/api/user/reset-password'), b),
      },
      {
        name: 'PUT /api/user/update-user',
        arb: fc.oneof(
          bodyOf(['name', 'email', 'mobile']),
          near({ name: text, email: fc.oneof(emails, fc.emailAddress()), mobile: fc.constantFrom('9876543210', '12345') }),
        ),
        send: (b) => json(customer(api(t).put('/api/user/update-user')), b),
      },
      {
        name: 'PUT /api/user/upload-avatar',
        arb: fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ bytes })),
          bodyOf(['file', 'avatar']).map((json) => ({ json })),
        ),
        send: (input: { bytes?: Uint8Array; json?: unknown }) =>
          input.bytes
            ? customer(api(t).put('/api/user/upload-avatar')).attach('file', Buffer.from(input.bytes), 'f.png')
            : json(customer(api(t).put('/api/user/upload-avatar')), input.json),
      },
      {
        name: 'GET /api/user/user-details',
        arb: fc.string({ maxLength: 30 }),
        send: (q: string) => customer(api(t).get(`/api/user/user-details?${encodeURIComponent(q)}=1`)),
      },
      { name: 'POST /api/address/create', arb: addressBody, send: (b) => json(customer(api(t).post('/api/address/create')), b) },
      {
        name: 'GET /api/address/get',
        arb: fc.string({ maxLength: 30 }),
        send: (q: string) => customer(api(t).get(`/api/address/get?x=${encodeURIComponent(q)}`)),
      },
      { name: 'PUT /api/address/update', arb: addressBody, send: (b) => json(customer(api(t).put('/api/address/update')), b) },
      {
        name: 'DELETE /api/address/disable',
        arb: fc.oneof(bodyOf(['_id']), near({ _id: ids })),
        send: (b) => json(customer(api(t).delete('/api/address/disable')), b),
      },
      {
        name: 'POST /api/cart/create',
        arb: fc.oneof(bodyOf(['productId']), near({ productId: ids })),
        send: (b) => json(customer(api(t).post('/api/cart/create')), b),
      },
      { name: 'GET /api/cart/get', arb: fc.string({ maxLength: 30 }), send: (q: string) => customer(api(t).get(`/api/cart/get?x=${encodeURIComponent(q)}`)) },
      {
        name: 'PUT /api/cart/update-qty',
        arb: fc.oneof(bodyOf(['_id', 'qty']), near({ _id: ids, qty: fc.integer({ min: -1, max: 9 }) })),
        send: (b) => json(customer(api(t).put('/api/cart/update-qty')), b),
      },
      {
        name: 'DELETE /api/cart/delete-cart-item',
        arb: fc.oneof(bodyOf(['_id']), near({ _id: ids })),
        send: (b) => json(customer(api(t).delete('/api/cart/delete-cart-item')), b),
      },
      {
        name: 'PUT /api/cart/sync',
        arb: fc.record({
          key: fc.oneof(headerSafe, fc.uuid()),
          body: fc.oneof(
            bodyOf(['items']),
            syncItems.map((items) => ({ items })),
          ),
        }),
        send: (i: { key: string; body: unknown }) => json(customer(api(t).put('/api/cart/sync')).set('Idempotency-Key', i.key), i.body),
      },
      {
        name: 'POST /api/wishlist/add',
        arb: fc.oneof(bodyOf(['productId']), near({ productId: ids })),
        send: (b) => json(customer(api(t).post('/api/wishlist/add')), b),
      },
      {
        name: 'POST /api/wishlist/remove',
        arb: fc.oneof(bodyOf(['productId']), near({ productId: ids })),
        send: (b) => json(customer(api(t).post('/api/wishlist/remove')), b),
      },
      {
        name: 'GET /api/wishlist/get',
        arb: fc.string({ maxLength: 30 }),
        send: (q: string) => customer(api(t).get(`/api/wishlist/get?x=${encodeURIComponent(q)}`)),
      },
      {
        name: 'GET /api/review/{productId}',
        arb: fc.record({
          id: fc.oneof(ids, fc.string({ minLength: 1, maxLength: 40 })),
          limit: fc.oneof(fc.string({ maxLength: 8 }), fc.integer().map(String)),
        }),
        send: (i: { id: string; limit: string }) => api(t).get(`/api/review/${encodeURIComponent(i.id || 'x')}?limit=${encodeURIComponent(i.limit)}`),
      },
      {
        name: 'POST /api/review/add',
        arb: fc.oneof(
          bodyOf(['productId', 'rating', 'comment', 'userId']),
          near({ productId: ids, rating: fc.integer({ min: -2, max: 7 }), comment: fc.string({ maxLength: 50 }), userId: ids }),
        ),
        send: (b) => json(customer(api(t).post('/api/review/add')), b),
      },
      {
        // Admins may delete any review but the victim's is kept out of the pool: the point is that
        // random ids and bodies (userId included) delete nothing else.
        name: 'DELETE /api/review/delete/{reviewId}',
        arb: fc.record({
          id: fc.oneof(fc.constantFrom('01NOSUCHID0000000000000000', victimAddress, p1._id), fc.string({ minLength: 1, maxLength: 40 })),
          body: bodyOf(['userId']),
        }),
        send: (i: { id: string; body: unknown }) =>
          json(
            api(t)
              .delete(`/api/review/delete/${encodeURIComponent(i.id)}`)
              .set(bearer(admin)),
            i.body,
          ),
      },
    ];

    const before = await guarded();
    const tally: Record<string, number> = {};
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(route.arb, async (input) => {
          const res = await route.send(input as never);
          tally[route.name] = (tally[route.name] ?? 0) + 1;
          const fine = res.status < 500 || (route.also5xx ?? []).includes(res.status);
          if (!fine) throw new Error(`${route.name} answered ${res.status}: ${JSON.stringify(res.body)}`);
          if (typeof res.body?.success !== 'boolean' || typeof res.body?.message !== 'string')
            throw new Error(`${route.name} answered outside the envelope: ${res.text.slice(0, 200)}`);
          if (res.status >= 400 && (res.body.success !== false || !res.body.message)) throw new Error(`${route.name} ${res.status} without an error message`);
        }),
        { numRuns: RUNS },
      );
      expect({ route: route.name, guarded: await guarded() }).toEqual({ route: route.name, guarded: before });
    }
    for (const route of routes) expect({ route: route.name, runs: tally[route.name] }).toEqual({ route: route.name, runs: RUNS });
    expect(await countsMatchReviews()).toBe(0);
    // The victim can still sign in with the old password and use the old session.
    await login(t, victim.email, victim.password);
    expect((await api(t).post('/api/user/refresh-token').set(bearer(victim.refreshToken))).status).toBe(200);
  }, 600_000);
});
