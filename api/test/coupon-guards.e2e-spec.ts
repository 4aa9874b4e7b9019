import { DB_KINDS, api, bearer } from './harness.js';
import { addAddress, addProduct, line, stockOf } from './order-fixtures.js';
import { startStripeShop, type StripeShop } from './stripe-shop.js';

/**
 * What a coupon may not be used for (docs/product.md#coupons): guessing codes (wrong codes are limited per
 * account and per address, at their real size, RATE_LIMIT_FACTOR=1), a preview that promises a discount the
 * order will refuse, a card payment under the provider's minimum, and terms an update reaches that a create
 * refuses. Each test speaks from its own made-up address (X-Forwarded-For, trusted with TRUST_PROXY=true).
 */
describe.each(DB_KINDS)('coupon guards on %s', (kind) => {
  let s: StripeShop;
  let kurta: { _id: string };
  const day = 86_400_000;
  const window = () => ({ startsAt: new Date(Date.now() - day).toISOString(), endsAt: new Date(Date.now() + day).toISOString() });
  let ipSeq = 0;
  const freshIp = () => `10.77.${kind === 'pglite' ? 1 : 2}.${++ipSeq}`;

  beforeAll(async () => {
    s = await startStripeShop(kind, { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true', HOLD_LIMIT_UNITS: '100000' });
    kurta = await addProduct(s.t, s.admin, s.shop, { price: 1000, stock: 1000, name: 'Cotton Kurta' });
  });
  afterAll(() => s.close());

  async function coupon(body: Record<string, unknown>): Promise<{ _id: string; code: string }> {
    const res = await api(s.t)
      .post('/api/coupon/create')
      .set(bearer(s.admin))
      .send({ type: 'percent', value: 10, ...window(), ...body });
    expect([res.status, res.body.fields]).toEqual([201, undefined]);
    return res.body.data;
  }
  const preview = (token: string, couponCode: string, ip: string) =>
    api(s.t)
      .post('/api/order/coupon-preview')
      .set(bearer(token))
      .set('x-forwarded-for', ip)
      .send({ list_items: [line(kurta, 1)], couponCode });
  const cod = (who: { token: string; address: string }, couponCode: string, totalAmt: number) =>
    api(s.t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(who.token))
      .set('x-forwarded-for', freshIp())
      .send({ list_items: [line(kurta, 1)], totalAmt, addressId: who.address, couponCode });
  /** A new shopper, registered and signed in from an address of its own (register allows 10 a minute per address). */
  const shopper = async (name: string) => {
    const [email, password, ip] = [
      `${name.replace(/\W/g, '').toLowerCase()}-${Date.now().toString(36)}-${++ipSeq}@test.local`,
      'saffron-kettle-rain',
      freshIp(),
    ];
    const reg = await api(s.t).post('/api/user/register').set('x-forwarded-for', ip).send({ name, email, password, confirmPassword: password });
    expect(reg.status).toBe(201);
    const signedIn = await api(s.t).post('/api/user/login').set('x-forwarded-for', ip).send({ email, password });
    return { token: signedIn.body.data.accesstoken as string, address: await addAddress(s.t, reg.body.data._id) };
  };

  it('wrong codes are limited per account and per address with Retry-After; the real code is then refused unread; known codes cost nothing', async () => {
    await coupon({ code: 'DIWALI-REAL' });
    const guesser = await shopper('Guesser');
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await preview(guesser.token, `GUESS-${i}`, ip)).body.code).toBe('COUPON_UNKNOWN');
    // The eleventh try is the real code: refused without being read, so guessing finds nothing.
    const refused = await preview(guesser.token, 'DIWALI-REAL', ip);
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address does not free the account; the order routes count the same guesses.
    expect((await preview(guesser.token, 'DIWALI-REAL', freshIp())).status).toBe(429);
    expect((await cod({ ...guesser }, 'DIWALI-REAL', 900)).status).toBe(429);

    // Accounts made to spread the guesses meet the address's limit: 30 wrong codes an hour.
    const spread = freshIp();
    const helpers = await Promise.all(['Spread 1', 'Spread 2', 'Spread 3', 'Spread 4'].map(shopper));
    const statuses: number[] = [];
    for (const [h, helper] of helpers.entries()) for (let i = 0; i < 8; i++) statuses.push((await preview(helper.token, `SPREAD-${h}-${i}`, spread)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(422));
    expect(statuses.slice(30)).toEqual([429, 429]);

    // Everyone else behind that address still gets the real code, at the preview and the order: only guesses are refused there.
    const neighbour = await shopper('Neighbour');
    expect((await preview(neighbour.token, 'DIWALI-REAL', spread)).status).toBe(200);
    const placed = await api(s.t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(neighbour.token))
      .set('x-forwarded-for', spread)
      .send({ list_items: [line(kurta, 1)], totalAmt: 900, addressId: neighbour.address, couponCode: 'DIWALI-REAL' });
    expect(placed.status).toBe(201);
    const guessThere = await preview(neighbour.token, 'DIWALI-FAKE', spread);
    expect([guessThere.status, guessThere.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(guessThere.headers['retry-after'])).toBeGreaterThan(0);

    // A shopper applying a real code again and again is no guesser.
    const honest = await shopper('Honest');
    const home = freshIp();
    for (let i = 0; i < 15; i++) expect((await preview(honest.token, 'DIWALI-REAL', home)).status).toBe(200);
  });

  it('a coupon outside its dates is a guess for an account that never used it, and tells its dates only to one that did', async () => {
    const soon = await coupon({ code: 'SOON-GUARD', startsAt: new Date(Date.now() + day).toISOString(), endsAt: new Date(Date.now() + 2 * day).toISOString() });
    const ended = await coupon({ code: 'ENDED-GUARD' });
    const user = await shopper('Returning');
    expect((await cod(user, 'ENDED-GUARD', 900)).status).toBe(201);
    const past = { startsAt: new Date(Date.now() - 3 * day).toISOString(), endsAt: new Date(Date.now() - day).toISOString() };
    expect(
      (
        await api(s.t)
          .put('/api/coupon/update')
          .set(bearer(s.admin))
          .send({ _id: ended._id, ...past })
      ).status,
    ).toBe(200);
    // The account that used it hears why; a stranger hears "not valid", without dates.
    expect((await preview(user.token, 'ENDED-GUARD', freshIp())).body.code).toBe('COUPON_EXPIRED');
    const stranger = await shopper('Stranger');
    const ip = freshIp();
    for (const code of ['SOON-GUARD', 'ENDED-GUARD']) {
      const res = await preview(stranger.token, code, ip);
      expect([res.status, res.body.code, res.body.message]).toEqual([422, 'COUPON_UNKNOWN', `The coupon ${code} is not valid.`]);
      expect(res.body.startsAt).toBeUndefined();
    }
    // …and each counts as a wrong guess: eight more and the account is at its limit.
    for (let i = 0; i < 8; i++) expect((await preview(stranger.token, i % 2 ? 'SOON-GUARD' : `NOPE-${i}`, ip)).status).toBe(422);
    expect((await preview(stranger.token, 'DIWALI-REAL', ip)).status).toBe(429);
    expect(soon.code).toBe('SOON-GUARD');
  });

  it('the preview refuses a used-up coupon, and one this account has used, with the codes the order gives', async () => {
    await coupon({ code: 'LASTONE', totalUses: 1 });
    await coupon({ code: 'ONCEEACH', perAccountUses: 1 });
    const first = await shopper('First');
    const second = await shopper('Second');
    expect((await preview(second.token, 'LASTONE', freshIp())).status).toBe(200);
    expect((await cod(first, 'LASTONE', 900)).status).toBe(201);
    const late = await preview(second.token, 'LASTONE', freshIp());
    const lateOrder = await cod(second, 'LASTONE', 900);
    expect([late.status, late.body.code]).toEqual([409, 'COUPON_USED_UP']);
    expect([lateOrder.status, lateOrder.body.code]).toEqual([late.status, late.body.code]);

    expect((await cod(first, 'ONCEEACH', 900)).status).toBe(201);
    const again = await preview(first.token, 'ONCEEACH', freshIp());
    const againOrder = await cod(first, 'ONCEEACH', 900);
    expect([again.status, again.body.code, again.body.limit]).toEqual([409, 'COUPON_ACCOUNT_LIMIT', 1]);
    expect([againOrder.status, againOrder.body.code]).toEqual([again.status, again.body.code]);
    // Another account still may.
    expect((await preview(second.token, 'ONCEEACH', freshIp())).status).toBe(200);
  });

  it('a card checkout under the provider’s minimum is refused with a clear message, nothing held; cash on delivery takes it', async () => {
    await coupon({ code: 'ALLFREE', value: 100 });
    await coupon({ code: 'NEARLY', type: 'flat', value: 960 });
    const buyer = await shopper('Card Buyer');
    const before = await stockOf(s.t, kurta._id);
    const creates = s.stripe.creates().length;
    for (const [code, total] of [
      ['ALLFREE', 0],
      ['NEARLY', 40],
    ] as const) {
      const res = await api(s.t)
        .post('/api/order/checkout')
        .set(bearer(buyer.token))
        .send({ list_items: [line(kurta, 1)], totalAmt: total, addressId: buyer.address, couponCode: code });
      expect([res.status, res.body.code, res.body.minimum, res.body.totalAmt]).toEqual([422, 'CARD_BELOW_MINIMUM', 50, total]);
      expect(res.body.message).toMatch(/Cash on Delivery/);
    }
    expect(s.stripe.creates().length).toBe(creates);
    expect(await stockOf(s.t, kurta._id)).toBe(before);
    expect((await cod(buyer, 'ALLFREE', 0)).status).toBe(201);
  });

  it('coupon amounts are to the paisa, and an update reaches no terms a create refuses', async () => {
    const create = (body: object) =>
      api(s.t)
        .post('/api/coupon/create')
        .set(bearer(s.admin))
        .send({ type: 'percent', value: 10, ...window(), ...body });
    for (const body of [
      { code: 'TINY', value: 0.001 },
      { code: 'ZERO', value: 0 },
      { code: 'CAPPAISA', maxDiscount: 10.005 },
    ]) {
      const res = await create(body);
      expect([res.status, res.body.fields]).toEqual([400, [Object.keys(body)[1]]]);
    }
    const made = await coupon({ code: 'TEN-OFF', maxDiscount: 100 });
    const update = (body: object) =>
      api(s.t)
        .put('/api/coupon/update')
        .set(bearer(s.admin))
        .send({ _id: made._id, ...body });
    for (const [body, field] of [
      [{ value: 0 }, 'value'],
      [{ value: 0.001 }, 'value'],
      [{ value: 150 }, 'value'],
      [{ type: 'flat' }, 'maxDiscount'],
      [{ endsAt: new Date(Date.now() - 2 * day).toISOString() }, 'endsAt'],
    ] as const) {
      const res = await update(body);
      expect([JSON.stringify(body), res.status, res.body.fields]).toEqual([JSON.stringify(body), 400, [field]]);
    }
    const listed = (await api(s.t).get('/api/coupon/list').set(bearer(s.admin))).body.data.find((c: { code: string }) => c.code === 'TEN-OFF');
    expect([listed.type, listed.value, listed.maxDiscount]).toEqual(['percent', 10, 100]);
    const fine = await update({ type: 'flat', value: 49.5, maxDiscount: null });
    expect([fine.status, fine.body.data.type, fine.body.data.value]).toEqual([200, 'flat', 49.5]);
  });
});
