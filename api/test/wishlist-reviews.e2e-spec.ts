import { api, bearer, DB_KINDS, newCustomer, startWithUsers, type TestApp } from './harness.js';
import { addProduct, setStock } from './accounts-fixtures.js';

describe.each(DB_KINDS)('wishlist and reviews on %s', (kind) => {
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
    expect(mine.body.message).toMatch(/Access denied/);
    expect((await api(t).delete(`/api/review/delete/${ra}`).send({ userId: a.id })).status).toBe(401);
    expect((await reviews(p._id)).body.totalReviews).toBe(2);

    const res = await api(t).delete(`/api/review/delete/${ra}`).set(bearer(admin)).send({ userId: 'whoever' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Review deleted successfully.', totalReviews: 1, averageRating: 2 });
    expect((await details(p._id)).body.data).toMatchObject({ totalReviews: 1, averageRating: 2 });
    expect((await api(t).delete(`/api/review/delete/${ra}`).set(bearer(admin))).status).toBe(404);
  });
});
