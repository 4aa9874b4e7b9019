import { ErrorCode } from '@haat/shared/common/error-code';
import { api, bearer, PORTABLE_DB_KINDS, newCustomer, startWithUsers, type TestApp } from './harness.js';
import { addProduct, setStock } from './accounts-fixtures.js';
import { addAddress, line } from './order-fixtures.js';

describe.each(PORTABLE_DB_KINDS)('wishlist and reviews on %s', (kind) => {
  let t: TestApp, admin: string;
  beforeAll(async () => void ({ t, admin } = await startWithUsers(kind)));
  afterAll(() => t.close());

  const wish = (token: string, op: 'add' | 'remove', productId: unknown) => api(t).post(`/api/wishlist/${op}`).set(bearer(token)).send({ productId });
  const wishlist = (token: string) => api(t).get('/api/wishlist/get').set(bearer(token));
  const review = (token: string, body: Record<string, unknown>) => api(t).post('/api/review/add').set(bearer(token)).send(body);
  const reviews = (productId: string, limit?: number) => api(t).get(`/api/review/${productId}${limit === undefined ? '' : `?limit=${limit}`}`);
  const details = (productId: string) => api(t).post('/api/product/get-product-details').send({ productId });

  it('wishlist add and remove are idempotent; get answers the products, newest first', async () => {
    const c = await newCustomer(t);
    const p = await addProduct(t, admin, { price: 500, discount: 10, stock: 3 });
    const q = await addProduct(t, admin, { stock: 1 });
    for (let i = 0; i < 2; i++) {
      const res = await wish(c.token, 'add', p._id);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Item added');
    }
    await wish(c.token, 'add', { _id: q._id, name: 'populated objects are accepted too' });
    await setStock(t, admin, q._id, 0);
    const got = await wishlist(c.token);
    expect(got.status).toBe(200);
    expect(got.body.data.map((x: { _id: string }) => x._id)).toEqual([q._id, p._id]);
    expect(got.body.data[1]).toMatchObject({ _id: p._id, name: p.name, price: 500, discount: 10, stock: 3, inStock: true, totalReviews: 0, averageRating: 0 });
    expect(got.body.data[0]).toMatchObject({ stock: 0, inStock: false });
    for (let i = 0; i < 2; i++) {
      const res = await wish(c.token, 'remove', p._id);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Removed from wishlist');
    }
    expect((await wishlist(c.token)).body.data.map((x: { _id: string }) => x._id)).toEqual([q._id]);
    expect((await wish(c.token, 'add', '01NOSUCHPRODUCT0000000000')).status).toBe(404);
    expect((await wish(c.token, 'add', 'no-hyphens-allowed')).status).toBe(400);
  });

  it('reviews: add, one per user (a second add updates), counts and one-decimal average on the list and the product', async () => {
    const p = await addProduct(t, admin);
    const [a, b, c] = [await newCustomer(t, 'Asha'), await newCustomer(t, 'Bala'), await newCustomer(t, 'Chitra')];
    const first = await review(a.token, { productId: p._id, rating: 5, comment: 'Lovely' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message: 'Review submitted successfully!',
      data: { name: 'Asha', rating: 5, comment: 'Lovely' },
      totalReviews: 1,
    });
    await review(b.token, { productId: p._id, rating: '4', userId: a.id });
    await review(c.token, { productId: p._id, rating: 4, comment: 'Good' });
    const updated = await review(a.token, { productId: p._id, rating: 2, comment: 'Changed my mind' });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Review updated successfully!');
    expect(updated.body.data._id).toBe(first.body.data._id);

    // 2 + 4 + 4 = 10 over 3 reviews: 3.3.
    const list = await reviews(p._id, 3);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, totalReviews: 3, averageRating: 3.3 });
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Chitra', 'Bala', 'Asha']);
    // The body's userId was ignored: Bala's review is Bala's.
    expect(list.body.data[1]).toMatchObject({ name: 'Bala', rating: 4, comment: '' });
    const limited = await reviews(p._id, 2);
    expect(limited.body.data).toHaveLength(2);
    const countsOnly = await reviews(p._id, 0);
    expect(countsOnly.body).toMatchObject({ data: [], totalReviews: 3, averageRating: 3.3 });

    const product = await details(p._id);
    expect(product.body.data).toMatchObject({ averageRating: 3.3, totalReviews: 3 });
    const listing = await api(t).post('/api/product/get').send({ page: 1, limit: 100 });
    expect(listing.body.data.find((x: { _id: string }) => x._id === p._id)).toMatchObject({ averageRating: 3.3, totalReviews: 3 });
  });

  it('refuses rating 0 with "Please select a rating", and ratings outside 1–5', async () => {
    const c = await newCustomer(t);
    const p = await addProduct(t, admin);
    const zero = await review(c.token, { productId: p._id, rating: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('Please select a rating');
    for (const rating of [6, -1, 2.5, 'five', null]) expect((await review(c.token, { productId: p._id, rating })).status).toBe(400);
    expect((await reviews(p._id)).body.totalReviews).toBe(0);
    expect((await review(c.token, { productId: '01NOSUCHPRODUCT0000000000', rating: 3 })).status).toBe(404);
    expect((await api(t).post('/api/review/add').send({ productId: p._id, rating: 3 })).status).toBe(401);
    expect((await reviews('01NOSUCHPRODUCT0000000000')).status).toBe(404);
    const badLimit = await api(t).get(`/api/review/${p._id}?limit=-1`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.fields).toContain('limit');
  });

  it('delete is for admins only (the body userId grants nothing), and moves the counts back', async () => {
    const p = await addProduct(t, admin);
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const ra = (await review(a.token, { productId: p._id, rating: 5 })).body.data._id;
    await review(b.token, { productId: p._id, rating: 2 });
    const mine = await api(t).delete(`/api/review/delete/${ra}`).set(bearer(a.token)).send({ userId: a.id });
    expect(mine.status).toBe(403);
    expect(mine.body).toMatchObject({ success: false, code: ErrorCode.Forbidden });
    expect(mine.body.message).toMatch(/Access denied/);
    expect((await api(t).delete(`/api/review/delete/${ra}`).send({ userId: a.id })).status).toBe(401);
    expect((await reviews(p._id)).body.totalReviews).toBe(2);

    const res = await api(t).delete(`/api/review/delete/${ra}`).set(bearer(admin)).send({ userId: 'whoever' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Review deleted successfully.', totalReviews: 1, averageRating: 2 });
    expect((await details(p._id)).body.data).toMatchObject({ totalReviews: 1, averageRating: 2 });
    expect((await api(t).delete(`/api/review/delete/${ra}`).set(bearer(admin))).status).toBe(404);
  });

  it('a second review by the same shopper edits the first: one review, counts moved by the difference; "mine" answers it', async () => {
    const p = await addProduct(t, admin);
    const a = await newCustomer(t, 'Devi');
    const mine = () => api(t).get(`/api/review/mine/${p._id}`).set(bearer(a.token));
    const none = await mine();
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    const first = await review(a.token, { productId: p._id, rating: 5, comment: 'Fresh' });
    expect(first.body).toMatchObject({ message: 'Review submitted successfully!', created: true, totalReviews: 1, averageRating: 5 });
    const second = await review(a.token, { productId: p._id, rating: 3 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ message: 'Review updated successfully!', created: false, totalReviews: 1, averageRating: 3 });
    expect(second.body.data).toMatchObject({ _id: first.body.data._id, rating: 3, comment: '' });
    const list = await reviews(p._id, 10);
    expect(list.body).toMatchObject({ totalReviews: 1, averageRating: 3 });
    expect(list.body.data).toHaveLength(1);
    expect((await mine()).body.data).toMatchObject({ _id: first.body.data._id, rating: 3, name: 'Devi', verifiedPurchase: false });
    // The product's detail and listing (read through the catalogue cache) show the edit at once.
    expect((await details(p._id)).body.data).toMatchObject({ totalReviews: 1, averageRating: 3 });
    // Someone else's "mine" is their own (none), and signed out there is no "mine".
    expect(
      (
        await api(t)
          .get(`/api/review/mine/${p._id}`)
          .set(bearer((await newCustomer(t)).token))
      ).body.data,
    ).toBeNull();
    expect((await api(t).get(`/api/review/mine/${p._id}`)).status).toBe(401);
    expect((await api(t).get(`/api/review/mine/01NOSUCHPRODUCT0000000000`).set(bearer(a.token))).status).toBe(404);
    expect((await api(t).get(`/api/review/mine/not-an-id`).set(bearer(a.token))).status).toBe(400);
  });

  it('"Verified purchase" is true only for authors with a delivered order of the product', async () => {
    const p = await addProduct(t, admin, { price: 100, stock: 20 });
    const other = await addProduct(t, admin, { price: 100, stock: 20 });
    const [buyer, pending, elsewhere, browser] = [
      await newCustomer(t, 'Buyer'),
      await newCustomer(t, 'Pending'),
      await newCustomer(t, 'Elsewhere'),
      await newCustomer(t, 'Browser'),
    ];
    const order = async (c: { id: string; token: string }, product: { _id: string; name: string }) => {
      const res = await api(t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(c.token))
        .send({ list_items: [line(product, 1)], totalAmt: 100, address: await addAddress(t, c.id) });
      expect(res.status).toBe(201);
      return res.body.data.orderId as string;
    };
    const deliver = async (orderId: string) =>
      expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' })).status).toBe(200);
    await deliver(await order(buyer, p));
    await order(pending, p); // placed, never delivered
    await deliver(await order(elsewhere, other)); // delivered, but another product

    const first = await review(buyer.token, { productId: p._id, rating: 4 });
    expect(first.body.data.verifiedPurchase).toBe(true);
    for (const c of [pending, elsewhere, browser]) expect((await review(c.token, { productId: p._id, rating: 3 })).body.data.verifiedPurchase).toBe(false);

    const list = await reviews(p._id, 10);
    const verified = Object.fromEntries(list.body.data.map((r: { name: string; verifiedPurchase: boolean }) => [r.name, r.verifiedPurchase]));
    expect(verified).toEqual({ Buyer: true, Pending: false, Elsewhere: false, Browser: false });

    // The pending order delivered later: the same review now reads verified.
    const [pendingOrder] = (await api(t).get('/api/order/order-list').set(bearer(pending.token))).body.data;
    await deliver(pendingOrder.orderId);
    const after = await reviews(p._id, 10);
    expect(after.body.data.find((r: { name: string }) => r.name === 'Pending').verifiedPurchase).toBe(true);
  });
});
