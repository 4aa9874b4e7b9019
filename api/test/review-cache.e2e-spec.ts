import { ErrorCode } from '@haat/shared/common/error-code';
import { ReadCache } from '../src/catalog/read-cache.js';
import { SearchService } from '../src/search/search.service.js';
import { addCategory, addProduct, addSubCategory } from './catalog-fixtures.js';
import { api, bearer, PORTABLE_DB_KINDS, newCustomer, startWithUsers, type TestApp } from './harness.js';
import { addAddress, line } from './order-fixtures.js';

/**
 * A review changes one product's rating: that product's cached answers (its page, the listings and
 * searches that show it) must show the new rating at once, and every other cached answer of the
 * shop must stay cached (a busy reviewer used to make every instance read the whole shop again).
 */
describe.each(PORTABLE_DB_KINDS)('a review or an order and the read cache, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let categoryId: string;
  let subCategoryId: string;
  let reviewed: string;
  let other: string;
  beforeAll(async () => {
    ({ t, admin } = await startWithUsers(kind, { RATE_LIMIT_FACTOR: '1' }));
    categoryId = (await addCategory(t, admin))._id;
    subCategoryId = (await addSubCategory(t, admin, [categoryId]))._id;
    reviewed = (await addProduct(t, admin, { name: 'Reviewed Quillpot', category: [categoryId], subCategory: [subCategoryId] }))._id;
    // Fifteen more, so page 1 of the listing (12, newest first) does not show the reviewed product.
    for (let i = 0; i < 15; i++) {
      const p = await addProduct(t, admin, { name: `Quiet Inkwell ${i}`, category: [categoryId], subCategory: [subCategoryId] });
      other = p._id;
    }
  });
  afterAll(() => t.close());

  const details = (productId: string) => api(t).post('/api/product/get-product-details').send({ productId });
  const firstPage = () => api(t).post('/api/product/get').send({ page: 1, limit: 12 });
  const secondPage = () => api(t).post('/api/product/get').send({ page: 2, limit: 12 });
  const search = () => api(t).post('/api/product/search-product').send({ search: 'quillpot', page: 1 });
  const review = (token: string, productId: string, rating: number) =>
    api(t).post('/api/review/add').set(bearer(token)).send({ productId, rating, comment: 'Nice.' });

  it("drops only the reviewed product's cached answers, and shows its new rating at once", async () => {
    const shopper = await newCustomer(t);
    // Warm every answer once; a search's answer is kept from its second ask (ProductsService.cached).
    for (const read of [() => details(reviewed), () => details(other), firstPage, secondPage, search, search]) expect((await read()).status).toBe(200);
    expect((await firstPage()).body.data.map((p: { _id: string }) => p._id)).not.toContain(reviewed);
    expect((await secondPage()).body.data.map((p: { _id: string }) => p._id)).toContain(reviewed);

    expect((await review(shopper.token, reviewed, 4)).status).toBe(200);
    const misses = ReadCache.stats.misses;
    const hits = ReadCache.stats.hits;
    // Untouched by the review: still answered from the cache.
    expect((await details(other)).status).toBe(200);
    expect((await firstPage()).status).toBe(200);
    expect(ReadCache.stats.misses).toBe(misses);
    expect(ReadCache.stats.hits).toBe(hits + 2);
    // The reviewed product, wherever it shows: fresh.
    expect((await details(reviewed)).body.data).toMatchObject({ averageRating: 4, totalReviews: 1 });
    const onPage = (await secondPage()).body.data.find((p: { _id: string }) => p._id === reviewed);
    expect(onPage).toMatchObject({ averageRating: 4, totalReviews: 1 });
    expect((await search()).body.data[0]).toMatchObject({ _id: reviewed, averageRating: 4, totalReviews: 1 });
    expect(ReadCache.stats.misses).toBeGreaterThan(misses);

    // The same shopper changes their mind: the new rating replaces the old one at once.
    expect((await review(shopper.token, reviewed, 2)).status).toBe(200);
    expect((await details(reviewed)).body.data).toMatchObject({ averageRating: 2, totalReviews: 1 });
    expect((await search()).body.data[0]).toMatchObject({ averageRating: 2 });
  });

  it("keeps a search's answer from its second ask, and a listing page's from its first", async () => {
    const asks = async (read: () => Promise<{ status: number }>) => {
      const [misses, hits] = [ReadCache.stats.misses, ReadCache.stats.hits];
      expect((await read()).status).toBe(200);
      return { misses: ReadCache.stats.misses - misses, hits: ReadCache.stats.hits - hits };
    };
    // A text nobody typed here before: its first answer is not kept (most searches are never typed again). An answer
    // held is one hit and nothing else; one loaded is a miss, and its rows' reads (the row cache) count beside it.
    const held = { misses: 0, hits: 1 };
    const typed = () => api(t).post('/api/product/search-product').send({ search: 'quillpot inkwell', page: 1, limit: 7 });
    expect((await asks(typed)).misses).toBeGreaterThan(0);
    expect(await asks(typed)).not.toEqual(held);
    expect(await asks(typed)).toEqual(held);
    // A listing page is kept at once.
    const listing = () => api(t).post('/api/product/get').send({ page: 1, limit: 7 });
    expect((await asks(listing)).misses).toBeGreaterThan(0);
    expect(await asks(listing)).toEqual(held);
  });

  it('allows an account 10 reviews a minute; the 11th answers 429 RATE_LIMITED with Retry-After', async () => {
    const busy = await newCustomer(t);
    const products = [reviewed, other];
    for (let i = 0; i < 10; i++) expect((await review(busy.token, products[i % 2]!, 1 + (i % 5))).status).toBe(200);
    const refused = await review(busy.token, reviewed, 5);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.RateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back by the first one's budget.
    const calm = await newCustomer(t);
    expect((await review(calm.token, reviewed, 5)).status).toBe(200);
  });

  it("an order shows the ordered product's new stock at once, and leaves the other cached answers alone", async () => {
    const shopper = await newCustomer(t);
    // Searches answered by the index, whose rows are held a few seconds (ProductRowCache): they must show the new stock too.
    await t.app.get(SearchService).ready();
    const searchedStock = async () => ((await search()).body.data as Array<{ _id: string; stock: number }>).find((p) => p._id === reviewed)?.stock;
    const before = (await details(reviewed)).body.data as { stock: number; name: string; _id: string };
    expect(await searchedStock()).toBe(before.stock);
    await details(other);
    const misses = ReadCache.stats.misses;
    const res = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(before, 2)], totalAmt: 200, address: await addAddress(t, shopper.id) });
    expect(res.status).toBe(201);
    const after = ReadCache.stats.misses;
    expect((await details(other)).status).toBe(200);
    expect(ReadCache.stats.misses).toBe(after);
    expect((await details(reviewed)).body.data.stock).toBe(before.stock - 2);
    expect(await searchedStock()).toBe(before.stock - 2);
    expect(t.app.get(SearchService).indexCurrent).toBe(true);
    expect(ReadCache.stats.misses).toBeGreaterThan(misses);

    // Cancelling gives the units back: the product's page shows them at once, the rest stays cached.
    await details(other);
    const cancelled = await api(t).post('/api/order/cancel').set(bearer(shopper.token)).send({ orderId: res.body.data.orderId });
    expect(cancelled.status).toBe(200);
    const beforeReads = ReadCache.stats.misses;
    expect((await details(other)).status).toBe(200);
    expect(ReadCache.stats.misses).toBe(beforeReads);
    expect((await details(reviewed)).body.data.stock).toBe(before.stock);
    expect(await searchedStock()).toBe(before.stock);
  });
});
