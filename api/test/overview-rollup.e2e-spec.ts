import { sql } from 'drizzle-orm';
import type { AdminOverview } from '@haat/shared/orders/overview';
import { deleteProduct } from './accounts-fixtures.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';

/**
 * The overview's closed days come from their roll-up and stay exact when old orders change
 * (docs/decisions/0232-the-overview-rolls-up-closed-days.md): on both engines, since the roll-up is
 * kept by triggers and advisory locks each engine runs itself.
 */
describe.each(DB_KINDS)('the overview roll-up of closed days on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  const tz = 'Asia/Kolkata';

  beforeAll(async () => {
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '100000' });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  const overview = async () => {
    const res = await api(t).get('/api/order/admin/overview').set(bearer(admin));
    expect(res.status).toBe(200);
    return res.body.data as AdminOverview;
  };
  const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => {
    const result: unknown = await t.db.execute(q);
    return (result as { rows: T[] }).rows;
  };
  const sold = sql`o.status is not null and o.status <> 'CANCELLED' and o.payment_status <> 'CANCELLED'`;
  const inWindow = sql`(o.created_at at time zone ${tz})::date > (now() at time zone ${tz})::date - 30`;

  /** The overview's sales figures counted straight from the orders and their lines. */
  async function straight(): Promise<
    Pick<AdminOverview, 'today' | 'week' | 'topProducts'> & { days: Array<{ day: string; orders: number; revenue: number }> }
  > {
    const perDay = await rows<{ day: string; n: number; revenue: number; today: boolean; week: boolean }>(sql`
      select ((o.created_at at time zone ${tz})::date)::text as day, count(*)::int as n, sum(o.total_amt)::float8 as revenue,
             (o.created_at at time zone ${tz})::date = (now() at time zone ${tz})::date as today,
             (o.created_at at time zone ${tz})::date >= date_trunc('week', now() at time zone ${tz})::date as week
      from orders o where ${sold} and ${inWindow} group by 1, 4, 5 order by 1`);
    const sum = (list: typeof perDay) => ({
      orders: list.reduce((n, d) => n + Number(d.n), 0),
      revenue: Math.round(list.reduce((n, d) => n + Number(d.revenue), 0) * 100) / 100,
    });
    const top = await rows<{ productId: string; name: string; units: number; revenue: number }>(sql`
      select l.product_id as "productId", max(l.name) as name, sum(l.quantity)::int as units, sum(l.sub_total_amt)::float8 as revenue
      from orders o join order_lines l on l.order_id = o.id
      where ${sold} and ${inWindow} and l.product_id is not null
      group by 1 order by units desc, revenue desc, 1 limit 10`);
    return {
      today: sum(perDay.filter((d) => d.today)),
      week: sum(perDay.filter((d) => d.week)),
      days: perDay.map((d) => ({ day: d.day, orders: Number(d.n), revenue: Number(d.revenue) })),
      topProducts: top.map((p) => ({ productId: p.productId, name: p.name, units: Number(p.units), revenue: Number(p.revenue) })),
    };
  }

  async function expectExact(): Promise<AdminOverview> {
    const data = await overview();
    const want = await straight();
    expect(data.today).toEqual(want.today);
    expect(data.week).toEqual(want.week);
    expect(data.days).toHaveLength(30);
    expect(data.days.filter((d) => d.orders > 0)).toEqual(want.days);
    expect(data.topProducts).toEqual(want.topProducts);
    return data;
  }

  /** The closed days of the window whose roll-up row is there and not stale, and its figures. */
  const rolledUp = () =>
    rows<{ day: string; orders: number; revenue: number }>(
      sql`select day::text as day, orders, revenue::float8 as revenue from overview_days r
          where day > (now() at time zone ${tz})::date - 30 and not exists (select 1 from overview_stale_days s where s.day = r.day) order by day`,
    );
  const dayOf = async (orderId: string) =>
    (await rows<{ day: string }>(sql`select ((created_at at time zone ${tz})::date)::text as day from orders where id = ${orderId}`))[0]!.day;
  const move = async (orderId: string, status: string) =>
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status })).status).toBe(200);

  const placed: Array<{ id: string; token: string; productId: string }> = [];
  let products: Array<{ _id: string }>;

  it('equals the figures counted from the orders after many orders, stage changes on old days, cancels and returns', async () => {
    const prices = [100, 250, 40, 75, 120];
    products = [];
    for (const [i, price] of prices.entries()) products.push(await addProduct(t, admin, shop, { price, stock: 10_000, name: `Rollup product ${i}` }));
    const customers = [];
    for (const name of ['Asha', 'Bilal', 'Chitra']) {
      const c = await newCustomer(t, name);
      customers.push({ ...c, address: await addAddress(t, c.id) });
    }
    // 48 orders of 1–2 lines, then spread over today, closed days of the window and days before it.
    const daysAgo = [0, 1, 2, 3, 4, 6, 9, 13, 20, 28, 29, 30, 35, 45];
    for (let i = 0; i < 48; i++) {
      const c = customers[i % customers.length]!;
      const first = products[i % products.length]!;
      const items = [line(first, 1 + (i % 3))];
      let totalAmt = prices[i % products.length]! * (1 + (i % 3));
      if (i % 4 === 0) {
        items.push(line(products[(i + 2) % products.length]!, 1));
        totalAmt += prices[(i + 2) % products.length]!;
      }
      const res = await api(t).post('/api/order/cash-on-delivery').set(bearer(c.token)).send({ list_items: items, totalAmt, addressId: c.address });
      expect([res.status, res.body.message]).toEqual([201, expect.anything()]);
      const id = res.body.data.orderId as string;
      placed.push({ id, token: c.token, productId: first._id });
      const ago = daysAgo[i % daysAgo.length]!;
      if (ago > 0) await t.db.execute(sql`update orders set created_at = now() - make_interval(days => ${ago}, mins => ${(i * 37) % 600}) where id = ${id}`);
    }

    const first = await expectExact();
    expect(first.days.reduce((n, d) => n + d.orders, 0)).toBeGreaterThan(20);
    // The closed days are rolled up now, and their rows say what the orders say.
    const rolled = await rolledUp();
    expect(rolled.length).toBeGreaterThanOrEqual(28);
    const want = new Map((await straight()).days.map((d) => [d.day, d]));
    for (const r of rolled)
      expect({ orders: Number(r.orders), revenue: Number(r.revenue) }).toEqual({
        orders: want.get(r.day)?.orders ?? 0,
        revenue: want.get(r.day)?.revenue ?? 0,
      });
    await expectExact(); // read from the rows this time

    // Orders of closed days change stage: a shopper cancels, an admin cancels, orders move on and are delivered.
    const old = placed.filter((_, i) => daysAgo[i % daysAgo.length]! > 0 && daysAgo[i % daysAgo.length]! < 30);
    expect((await api(t).post('/api/order/cancel').set(bearer(old[0]!.token)).send({ orderId: old[0]!.id })).status).toBe(200);
    await move(old[1]!.id, 'CANCELLED');
    await move(old[2]!.id, 'CONFIRMED');
    await move(old[3]!.id, 'SHIPPED');
    for (const o of old.slice(4, 9)) await move(o.id, 'DELIVERED');
    // A delivered old order is returned: asked, approved, received back and refunded.
    const returned = old[4]!;
    const asked = await api(t)
      .post('/api/order/return')
      .set(bearer(returned.token))
      .send({ orderId: returned.id, items: [{ productId: returned.productId, quantity: 1 }], reason: 'Torn pack' });
    expect(asked.status).toBe(201);
    for (const [status, refund] of [['APPROVED'], ['RECEIVED'], ['REFUNDED', { method: 'UPI', reference: 'UPI-ROLLUP-1' }]] as const) {
      const res = await api(t)
        .post('/api/order/admin/return-status')
        .set(bearer(admin))
        .send({ returnId: asked.body.data._id, status, ...(refund ? { refund } : {}) });
      expect(res.status).toBe(200);
    }
    // An order moves to another old day, one is deleted outright, and a product sold on old days is deleted
    // (its lines keep their copy but lose the product).
    await t.db.execute(sql`update orders set created_at = created_at - interval '5 days' where id = ${old[9]!.id}`);
    await t.db.execute(sql`delete from orders where id = ${old[10]!.id}`);
    await deleteProduct(t, admin, products[4]!._id);

    const after = await expectExact();
    expect(after.topProducts.map((p) => p.productId)).not.toContain(products[4]!._id);
    const cancelledDay = await dayOf(old[0]!.id);
    expect(after.days.find((d) => d.day === cancelledDay)!.orders).toBeLessThan(first.days.find((d) => d.day === cancelledDay)!.orders);
    // Every change was worked out again into the closed days' rows.
    const now = new Map((await straight()).days.map((d) => [d.day, d]));
    for (const r of await rolledUp())
      expect({ day: r.day, orders: Number(r.orders), revenue: Number(r.revenue) }).toEqual({
        day: r.day,
        orders: now.get(r.day)?.orders ?? 0,
        revenue: now.get(r.day)?.revenue ?? 0,
      });
  });

  it('reads a closed day from its row until an order of that day changes, then from the orders again', async () => {
    const target = placed.find((_, i) => i % 14 === 3 && i > 14)!; // placed three days ago, still placed
    const day = await dayOf(target.id);
    await overview();
    // A row that says something else shows through: the closed day is read from its row, not the orders…
    await t.db.execute(sql`update overview_days set orders = orders + 1000 where day = ${day}::date`);
    const cached = await overview();
    const straightDay = (await straight()).days.find((d) => d.day === day)!;
    expect(cached.days.find((d) => d.day === day)!.orders).toBe(straightDay.orders + 1000);
    // …until one of that day's orders changes stage: its row is marked stale and the day counted again, then
    // worked out afresh.
    await move(target.id, 'CONFIRMED');
    expect((await rows(sql`select 1 from overview_stale_days where day = ${day}::date`)).length).toBe(1);
    await expectExact();
    expect((await rows(sql`select 1 from overview_stale_days where day = ${day}::date`)).length).toBe(0);
    const [row] = await rows<{ orders: number }>(sql`select orders from overview_days where day = ${day}::date`);
    expect(Number(row!.orders)).toBe((await straight()).days.find((d) => d.day === day)!.orders);
  });
  // Two transactions changing orders of the same two closed days in opposite orders (two product deletions, two
  // accounts closing) mark them stale without waiting for each other: marks are only ever added.
  if (kind === 'postgres')
    it('lets changes to the same closed days in any order commit side by side', async () => {
      await overview();
      const [x, y] = await rows<{ day: string; ids: string[] }>(sql`
        select ((created_at at time zone ${tz})::date)::text as day, array_agg(id order by id) as ids from orders
        where (created_at at time zone ${tz})::date between (now() at time zone ${tz})::date - 25 and (now() at time zone ${tz})::date - 2
        group by 1 having count(*) >= 2 order by 1 limit 2`);
      expect((await rolledUp()).map((r) => r.day)).toEqual(expect.arrayContaining([x!.day, y!.day]));
      const [a1, a2] = x!.ids;
      const [b1, b2] = y!.ids;
      let release!: () => void;
      const bothFirst = new Promise<void>((r) => (release = r));
      let firsts = 0;
      const step = async () => {
        firsts += 1;
        if (firsts === 2) release();
        await bothFirst;
      };
      const bump = (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0], id: string) =>
        tx.execute(sql`update orders set total_amt = total_amt + 1 where id = ${id}`);
      await Promise.all([
        t.db.transaction(async (tx) => {
          await bump(tx, a1!);
          await step();
          await bump(tx, b1!);
        }),
        t.db.transaction(async (tx) => {
          await bump(tx, b2!);
          await step();
          await bump(tx, a2!);
        }),
      ]);
      await expectExact();
    });
});
