import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Test } from 'supertest';
import { addresses } from '../src/addresses/addresses.table.js';
import { cartItems } from '../src/cart/cart.table.js';
import { reviews } from '../src/reviews/reviews.table.js';
import { users } from '../src/users/users.table.js';
import { wishlistItems } from '../src/wishlist/wishlist.table.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { ADDRESS, addAddress, addProduct } from './accounts-fixtures.js';

type Role = 'visitor' | 'other' | 'owner';

/**
 * Every route of the accounts issue, tried as a visitor, as another customer and as the owner.
 * After the other customer's try, everything the owner has must be exactly as it was.
 */
describe.each(PORTABLE_DB_KINDS)('ownership of accounts routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it('visitor 401, another customer 404 (or only their own data), owner 2xx', async () => {
    const admin = await adminToken(t);
    const owner = await newCustomer(t, 'Owner');
    const other = await newCustomer(t, 'Other');
    const product = await addProduct(t, admin, { stock: 50 });
    const second = await addProduct(t, admin, { stock: 50 });
    const addressId = await addAddress(t, owner.token);
    const line = (await api(t).post('/api/cart/create').set(bearer(owner.token)).send({ productId: product._id })).body.data._id as string;
    const line2 = (await api(t).post('/api/cart/create').set(bearer(owner.token)).send({ productId: second._id })).body.data._id as string;
    await api(t).post('/api/wishlist/add').set(bearer(owner.token)).send({ productId: product._id });
    const reviewId = (await api(t).post('/api/review/add').set(bearer(owner.token)).send({ productId: product._id, rating: 5, comment: 'mine' })).body.data
      ._id as string;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();

    const ownerState = async () => ({
      user: await t.db.select().from(users).where(eq(users.id, owner.id)),
      addresses: await t.db.select().from(addresses).where(eq(addresses.userId, owner.id)),
      cart: await t.db.select().from(cartItems).where(eq(cartItems.userId, owner.id)),
      wishlist: await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, owner.id)),
      reviews: await t.db.select().from(reviews).where(eq(reviews.userId, owner.id)),
    });

    const as = (role: Role, req: Test) => (role === 'visitor' ? req : req.set(bearer(role === 'owner' ? owner.token : other.token)));
    let syncKey = 0;

    interface Row {
      route: string;
      send: (role: Role) => Test;
      expect: Record<Role, number>;
      /** Checks on the other customer's answer beyond its status (it must not see the owner's data). */
      otherSees?: (body: { data?: unknown }) => void;
      admin?: number;
    }
    const rows: Row[] = [
      {
        route: 'GET user-details',
        send: (r) => as(r, api(t).get('/api/user/user-details')),
        expect: { visitor: 401, other: 200, owner: 200 },
        otherSees: (b) => expect(b.data).toMatchObject({ _id: other.id, address_details: [], shopping_cart: [] }),
      },
      {
        route: 'PUT update-user (owner e-mail)',
        send: (r) => as(r, api(t).put('/api/user/update-user').send({ name: 'Renamed', email: owner.email, mobile: '9000000000' })),
        // Another customer is not told the e-mail is taken: without their own current password they are asked for it first.
        expect: { visitor: 401, other: 400, owner: 200 },
      },
      {
        route: 'PUT upload-avatar',
        send: (r) => as(r, api(t).put('/api/user/upload-avatar').attach('file', png, 'a.png')),
        expect: { visitor: 401, other: 200, owner: 200 },
      },
      { route: 'POST address/create', send: (r) => as(r, api(t).post('/api/address/create').send(ADDRESS)), expect: { visitor: 401, other: 201, owner: 201 } },
      {
        route: 'GET address/get',
        send: (r) => as(r, api(t).get('/api/address/get')),
        expect: { visitor: 401, other: 200, owner: 200 },
        otherSees: (b) => expect((b.data as Array<{ _id: string; userId: string }>).every((a) => a.userId === other.id && a._id !== addressId)).toBe(true),
      },
      {
        route: 'PUT address/update',
        send: (r) =>
          as(
            r,
            api(t)
              .put('/api/address/update')
              .send({ ...ADDRESS, _id: addressId, city: 'Changed' }),
          ),
        expect: { visitor: 401, other: 404, owner: 200 },
      },
      {
        route: 'DELETE address/disable',
        send: (r) => as(r, api(t).delete('/api/address/disable').send({ _id: addressId })),
        expect: { visitor: 401, other: 404, owner: 200 },
      },
      {
        route: 'POST cart/create',
        send: (r) => as(r, api(t).post('/api/cart/create').send({ productId: product._id })),
        expect: { visitor: 401, other: 201, owner: 201 },
      },
      {
        route: 'GET cart/get',
        send: (r) => as(r, api(t).get('/api/cart/get')),
        expect: { visitor: 401, other: 200, owner: 200 },
        otherSees: (b) =>
          expect((b.data as Array<{ _id: string; userId: string }>).every((l) => l.userId === other.id && l._id !== line && l._id !== line2)).toBe(true),
      },
      {
        route: 'PUT cart/update-qty',
        send: (r) => as(r, api(t).put('/api/cart/update-qty').send({ _id: line, qty: 3 })),
        expect: { visitor: 401, other: 404, owner: 200 },
      },
      {
        route: 'DELETE cart/delete-cart-item',
        send: (r) => as(r, api(t).delete('/api/cart/delete-cart-item').send({ _id: line2 })),
        expect: { visitor: 401, other: 404, owner: 200 },
      },
      {
        route: 'PUT cart/sync',
        send: (r) =>
          as(
            r,
            api(t)
              .put('/api/cart/sync')
              .set('Idempotency-Key', `own-${syncKey++}`)
              .send({ items: [{ productId: product._id, quantity: 7 }] }),
          ),
        expect: { visitor: 401, other: 200, owner: 200 },
      },
      {
        route: 'POST wishlist/add',
        send: (r) => as(r, api(t).post('/api/wishlist/add').send({ productId: second._id })),
        expect: { visitor: 401, other: 200, owner: 200 },
      },
      {
        route: 'POST wishlist/remove',
        send: (r) => as(r, api(t).post('/api/wishlist/remove').send({ productId: product._id })),
        expect: { visitor: 401, other: 200, owner: 200 },
      },
      {
        route: 'GET wishlist/get',
        send: (r) => as(r, api(t).get('/api/wishlist/get')),
        expect: { visitor: 401, other: 200, owner: 200 },
        otherSees: (b) => expect((b.data as Array<{ _id: string }>).map((p) => p._id)).not.toContain(product._id),
      },
      {
        route: 'GET review/{productId} (public)',
        send: (r) => as(r, api(t).get(`/api/review/${product._id}?limit=3`)),
        expect: { visitor: 200, other: 200, owner: 200 },
      },
      {
        route: 'POST review/add',
        send: (r) => as(r, api(t).post('/api/review/add').send({ productId: product._id, rating: 1, userId: owner.id })),
        expect: { visitor: 401, other: 200, owner: 200 },
      },
      {
        route: 'DELETE review/delete/{id} (admins only)',
        send: (r) => as(r, api(t).delete(`/api/review/delete/${reviewId}`).send({ userId: owner.id })),
        expect: { visitor: 401, other: 403, owner: 403 },
        admin: 200,
      },
      // Sign-in routes are public: a token changes nothing about them.
      {
        route: 'PUT forgot-password (public)',
        send: (r) => as(r, api(t).put('/api/user/forgot-password').send({ email: owner.email })),
        expect: { visitor: 200, other: 200, owner: 200 },
      },
      {
        route: 'PUT verify-forgot-password-otp (public)',
        send: (r) => as(r, api(t).put('/api/user/verify-forgot-password-otp').send({ email: owner.email, otp: 'abcdef' })),
        expect: { visitor: 400, other: 400, owner: 400 },
      },
      {
        route: 'PUT reset-password (public, needs a verified code)',
        send: (r) => as(r, api(t).put('/api/user/reset-password').send({ email: owner.email, newPassword: 'hijack-pass', confirmPassword: 'hijack-pass' })),
        expect: { visitor: 400, other: 400, owner: 400 },
      },
      {
        route: 'POST google-login (public)',
        send: (r) => as(r, api(t).post('/api/user/google-login').send({ credential: 'a.b.c' })),
        expect: { visitor: 503, other: 503, owner: 503 },
      },
      {
        route: 'POST google-register (public)',
        send: (r) => as(r, api(t).post('/api/user/google-register').send({ credential: 'a.b.c' })),
        expect: { visitor: 503, other: 503, owner: 503 },
      },
    ];

    const seen: Array<{ route: string; role: string; status: number }> = [];
    for (const row of rows) {
      const visitor = await row.send('visitor');
      seen.push({ route: row.route, role: 'visitor', status: visitor.status });
      const before = await ownerState();
      const byOther = await row.send('other');
      seen.push({ route: row.route, role: 'other', status: byOther.status });
      if (byOther.status < 300) row.otherSees?.(byOther.body);
      expect({ route: row.route, ownerData: await ownerState() }).toEqual({ route: row.route, ownerData: before });
      const byOwner = await row.send('owner');
      seen.push({ route: row.route, role: 'owner', status: byOwner.status });
      if (row.admin) {
        const byAdmin = await api(t).delete(`/api/review/delete/${reviewId}`).set(bearer(admin));
        seen.push({ route: row.route, role: 'admin', status: byAdmin.status });
      }
    }
    const wanted = rows.flatMap((row) => [
      { route: row.route, role: 'visitor', status: row.expect.visitor },
      { route: row.route, role: 'other', status: row.expect.other },
      { route: row.route, role: 'owner', status: row.expect.owner },
      ...(row.admin ? [{ route: row.route, role: 'admin', status: row.admin }] : []),
    ]);
    expect(seen).toEqual(wanted);

    // The owner's own calls did take effect.
    const after = await ownerState();
    expect(after.user[0]!.name).toBe('Renamed');
    expect(after.addresses.map((a) => [a.city, a.status])).toEqual(expect.arrayContaining([['Changed', false]]));
    expect(after.cart.find((l) => l.productId === product._id)?.quantity).toBe(7);
    expect(after.cart.find((l) => l.id === line2)).toBeUndefined();
    expect(after.wishlist.map((w) => w.productId)).toEqual([second._id]);
    expect(after.reviews).toEqual([]);
  });
});
