import { sql } from 'drizzle-orm';
import type { AdminOverview } from '@haat/shared/orders/overview';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';

/** The admin's overview at /dashboard: its figures are the ones SQL counts on the same orders. */
describe.each(PORTABLE_DB_KINDS)('the admin overview on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;

  beforeAll(async () => {
    t = await startApp(kind);
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  const overview = async (query = '') => {
    const res = await api(t).get(`/api/order/admin/overview${query}`).set(bearer(admin));
    expect(res.status).toBe(200);
    return res.body.data as AdminOverview;
  };
  const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => {
    const result: unknown = await t.db.execute(q);
    return (result as { rows: T[] }).rows;
  };

  it('answers administrators only: 401 without a token, 403 for a customer, 400 for a bad threshold', async () => {
    expect((await api(t).get('/api/order/admin/overview')).status).toBe(401);
    const c = await newCustomer(t, 'Meera');
    const denied = await api(t).get('/api/order/admin/overview').set(bearer(c.token));
    expect(denied.status).toBe(403);
    const bad = await api(t).get('/api/order/admin/overview?lowStock=-1').set(bearer(admin));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(true);
  });

  it('counts what SQL counts: sold orders and revenue per day, today, this week, top products and orders per stage', async () => {
    const chips = await addProduct(t, admin, shop, { price: 100, stock: 1000, name: 'Overview Chips' });
    const tea = await addProduct(t, admin, shop, { price: 250, stock: 1000, name: 'Overview Tea' });
    const c = await newCustomer(t, 'Asha');
    const address = await addAddress(t, c.id);
    const placed: string[] = [];
    for (const [product, qty, total] of [
      [chips, 3, 300],
      [tea, 1, 250],
      [chips, 1, 100],
      [tea, 2, 500],
      [chips, 2, 200],
      [tea, 1, 250],
    ] as const) {
      const res = await api(t)
        .post('/api/order/cash-on-delivery')
        .set(bearer(c.token))
        .send({ list_items: [line(product, qty)], totalAmt: total, address });
      expect(res.status).toBe(201);
      placed.push(res.body.data.orderId);
    }
    // One cancelled (no revenue), one confirmed, one moved to 3 days ago, one to 40 days ago (outside the window),
    // one a card order still awaiting its payment (no stage yet: not sold).
    expect((await api(t).post('/api/order/cancel').set(bearer(c.token)).send({ orderId: placed[1] })).status).toBe(200);
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: placed[2], status: 'CONFIRMED' })).status).toBe(200);
    await t.db.execute(sql`update orders set created_at = now() - interval '3 days' where id = ${placed[3]}`);
    await t.db.execute(sql`update orders set created_at = now() - interval '40 days' where id = ${placed[4]}`);
    await t.db.execute(sql`update orders set status = null, payment_method = 'CARD', payment_status = 'AWAITING_PAYMENT' where id = ${placed[5]}`);

    const data = await overview();

    const tz = 'Asia/Kolkata';
    const sold = sql`status is not null and status <> 'CANCELLED' and payment_status <> 'CANCELLED'`;
    const [today] = await rows<{ n: number; revenue: number }>(
      sql`select count(*)::int as n, coalesce(sum(total_amt), 0)::float8 as revenue from orders
          where ${sold} and (created_at at time zone ${tz})::date = (now() at time zone ${tz})::date`,
    );
    const [week] = await rows<{ n: number; revenue: number }>(
      sql`select count(*)::int as n, coalesce(sum(total_amt), 0)::float8 as revenue from orders
          where ${sold} and (created_at at time zone ${tz})::date >= date_trunc('week', now() at time zone ${tz})::date`,
    );
    const perDay = await rows<{ day: string; n: number; revenue: number }>(
      sql`select ((created_at at time zone ${tz})::date)::text as day, count(*)::int as n, sum(total_amt)::float8 as revenue from orders
          where ${sold} and (created_at at time zone ${tz})::date > (now() at time zone ${tz})::date - 30 group by 1`,
    );
    expect(data.today).toEqual({ orders: Number(today!.n), revenue: Number(today!.revenue) });
    expect(data.week).toEqual({ orders: Number(week!.n), revenue: Number(week!.revenue) });
    expect(data.days).toHaveLength(30);
    expect(data.days.filter((d) => d.orders > 0)).toEqual(
      perDay.sort((a, b) => a.day.localeCompare(b.day)).map((d) => ({ day: d.day, orders: Number(d.n), revenue: Number(d.revenue) })),
    );
    // Today: chips 3 (PLACED) and chips 1 (CONFIRMED); the cancelled, the old and the unpaid card order are out.
    expect(data.today).toEqual({ orders: 2, revenue: 400 });
    expect(data.days.reduce((n, d) => n + d.orders, 0)).toBe(3);

    const top = await rows<{ productId: string; units: number; revenue: number }>(
      sql`select l.product_id as "productId", sum(l.quantity)::int as units, sum(l.sub_total_amt)::float8 as revenue
          from orders o join order_lines l on l.order_id = o.id
          where o.status is not null and o.status <> 'CANCELLED' and o.payment_status <> 'CANCELLED'
            and (o.created_at at time zone ${tz})::date > (now() at time zone ${tz})::date - 30
          group by 1 order by units desc, revenue desc, 1 limit 10`,
    );
    expect(data.topProducts.map(({ productId, units, revenue }) => ({ productId, units, revenue }))).toEqual(
      top.map((r) => ({ productId: r.productId, units: Number(r.units), revenue: Number(r.revenue) })),
    );
    expect(data.topProducts[0]).toMatchObject({ productId: chips._id, name: 'Overview Chips', units: 4, revenue: 400 });

    const stages = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from orders where status in ('PLACED','CONFIRMED','SHIPPED','OUT_FOR_DELIVERY') and payment_status <> 'CANCELLED' group by 1`,
    );
    expect(data.waiting).toEqual({
      PLACED: 0,
      CONFIRMED: 0,
      SHIPPED: 0,
      OUT_FOR_DELIVERY: 0,
      ...Object.fromEntries(stages.map((s) => [s.status, Number(s.n)])),
    });
    expect(data.waiting.CONFIRMED).toBe(1);
  });

  it('Manage Orders filters by stage, as the overview links ask', async () => {
    const res = await api(t).get('/api/order/admin/orders?status=CONFIRMED').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe((await overview()).waiting.CONFIRMED);
    expect(res.body.data.length).toBe(1);
    expect(res.body.data.every((o: { status: string }) => o.status === 'CONFIRMED')).toBe(true);
    expect((await api(t).get('/api/order/admin/orders?status=LOST').set(bearer(admin))).status).toBe(400);
  });

  it('lists the units under the admin threshold from the inventory, fewest first', async () => {
    const few = await addProduct(t, admin, shop, { price: 10, stock: 2, name: 'Overview Saffron' });
    const some = await addProduct(t, admin, shop, { price: 10, stock: 4, name: 'Overview Cardamom' });
    const low = (await overview('?lowStock=5')).lowStock;
    expect(low.threshold).toBe(5);
    const ours = low.items.filter((i) => i.productId === few._id || i.productId === some._id);
    expect(ours).toEqual([
      { productId: few._id, productName: 'Overview Saffron', variantId: null, variantName: null, available: 2 },
      { productId: some._id, productName: 'Overview Cardamom', variantId: null, variantName: null, available: 4 },
    ]);
    const [counted] = await rows<{ n: number }>(
      sql`select count(*)::int as n from product_variants sv join inventory_levels il on il.id = sv.inventory_level_id
          where il.on_hand - il.reserved < 3
            and (not sv.is_default or not exists (select 1 from product_variants o where o.product_id = sv.product_id and not o.is_default))`,
    );
    const three = (await overview('?lowStock=3')).lowStock.items;
    expect(three).toHaveLength(Number(counted!.n));
    expect(three.map((i) => i.productId)).toContain(few._id);
    expect(three.map((i) => i.productId)).not.toContain(some._id);
  });
});
