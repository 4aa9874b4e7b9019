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
      sql`select status, count(*)::int as n from orders where status in ('PLACED','CONFIRMED','PACKED','READY_FOR_PICKUP','AGENT_ASSIGNED','SHIPPED','OUT_FOR_DELIVERY') and payment_status <> 'CANCELLED' group by 1`,
    );
    expect(data.waiting).toEqual({
      PLACED: 0,
      CONFIRMED: 0,
      PACKED: 0,
      READY_FOR_PICKUP: 0,
      AGENT_ASSIGNED: 0,
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
    const three = (await overview('?lowStock=3')).lowStock;
    expect(three.total).toBe(Number(counted!.n));
    expect(three.items).toHaveLength(Math.min(Number(counted!.n), 20));
    expect(three.items.map((i) => i.productId)).toContain(few._id);
    expect(three.items.map((i) => i.productId)).not.toContain(some._id);
  });

  describe('the low-stock list and its in-place adjustment', () => {
    type LowStock = AdminOverview['lowStock'];
    const lowStock = async (query: string, token = admin) => api(t).get(`/api/order/admin/low-stock${query}`).set(bearer(token));
    const adjust = (body: object, token = admin) => api(t).post('/api/product/admin/adjust-stock').set(bearer(token)).send(body);
    const allPages = async (threshold: number, limit: number) => {
      const items: LowStock['items'] = [];
      for (let page = 1; ; page++) {
        const res = await lowStock(`?lowStock=${threshold}&page=${page}&limit=${limit}`);
        expect(res.status).toBe(200);
        const body = res.body.data as LowStock;
        expect(body).toMatchObject({ threshold, page, limit });
        items.push(...body.items);
        if (body.items.length < limit) return { items, last: body };
      }
    };
    let optioned: { _id: string; variants: { _id: string; name: string }[] };

    beforeAll(async () => {
      for (const [name, stock] of [
        ['Restock Ajwain', 0],
        ['Restock Basil', 1],
        ['Restock Clove', 0],
        ['Restock Dill', 3],
        ['Restock Elaichi', 9],
      ] as const)
        await addProduct(t, admin, shop, { price: 10, stock, name });
      const res = await api(t)
        .post('/api/product/create')
        .set(bearer(admin))
        .send({
          hsn: '8518',
          gstRate: 18,
          name: 'Restock Fennel',
          image: ['/uploads/p.webp'],
          unit: 'pack',
          stock: 0,
          price: 10,
          description: 'Seeds.',
          category: [shop.categoryId],
          subCategory: [shop.subCategoryId],
          variants: [
            { name: 'Small', stock: 2 },
            { name: 'Large', stock: 0 },
          ],
        });
      expect(res.status).toBe(201);
      optioned = res.body.data;
    });

    it('answers administrators only, and refuses a bad page or size with a 400 naming it', async () => {
      expect((await api(t).get('/api/order/admin/low-stock')).status).toBe(401);
      const c = await newCustomer(t, 'Ravi');
      expect((await lowStock('', c.token)).status).toBe(403);
      for (const query of ['?page=0', '?limit=0', '?limit=101', '?page=x', '?lowStock=0']) {
        const res = await lowStock(query);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(true);
        expect(res.body.message).toMatch(/page|limit|lowStock/);
      }
    });

    it('lists running low first (fewest first), sold out after, counts both in full, and pages through all of them once', async () => {
      const [counted] = await rows<{ low: number; out: number }>(
        sql`select count(*) filter (where il.available > 0)::int as low, count(*) filter (where il.available <= 0)::int as out
            from product_variants sv join inventory_levels il on il.id = sv.inventory_level_id
            where il.on_hand - il.reserved < 5
              and (not sv.is_default or not exists (select 1 from product_variants o where o.product_id = sv.product_id and not o.is_default))`,
      );
      const { items, last } = await allPages(5, 3);
      expect(last).toMatchObject({ runningLow: Number(counted!.low), soldOut: Number(counted!.out), total: Number(counted!.low) + Number(counted!.out) });
      expect(items).toHaveLength(last.total);
      expect(new Set(items.map((i) => `${i.productId}:${i.variantId}`)).size).toBe(items.length);
      const firstOut = items.findIndex((i) => i.available <= 0);
      expect(firstOut).toBe(last.runningLow);
      expect(items.slice(0, firstOut).map((i) => i.available)).toEqual(
        items
          .slice(0, firstOut)
          .map((i) => i.available)
          .sort((a, b) => a - b),
      );
      expect(items.slice(firstOut).every((i) => i.available <= 0)).toBe(true);
      const ours = items.filter((i) => i.productName.startsWith('Restock '));
      expect(ours.map((i) => [i.productName, i.variantName, i.available])).toEqual([
        ['Restock Basil', null, 1],
        ['Restock Fennel', 'Small', 2],
        ['Restock Dill', null, 3],
        ['Restock Ajwain', null, 0],
        ['Restock Clove', null, 0],
        ['Restock Fennel', 'Large', 0],
      ]);
      // The overview shows the first page of the same list, with the same counts.
      const first = (await overview('?lowStock=5')).lowStock;
      expect(first).toMatchObject({ runningLow: last.runningLow, soldOut: last.soldOut, total: last.total, page: 1 });
      expect(first.items).toEqual(items.slice(0, first.limit));
    });

    it('sets one unit with the figure it loaded; refuses a stale figure, a customer and a unit that is not there, changing nothing', async () => {
      const list = (await allPages(5, 100)).items;
      const basil = list.find((i) => i.productName === 'Restock Basil')!;
      const small = list.find((i) => i.productName === 'Restock Fennel' && i.variantName === 'Small')!;
      const c = await newCustomer(t, 'Kiran');
      const denied = await adjust({ productId: basil.productId, stock: 500, expectedStock: 1 }, c.token);
      expect(denied.status).toBe(403);
      expect((await api(t).post('/api/product/admin/adjust-stock').send({ productId: basil.productId, stock: 500, expectedStock: 1 })).status).toBe(401);

      const stale = await adjust({ productId: basil.productId, stock: 40, expectedStock: 7 });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ error: true, code: 'STOCK_CHANGED', current: 1 });
      for (const [body, status] of [
        [{ productId: basil.productId, stock: -1, expectedStock: 1 }, 400],
        [{ productId: basil.productId, stock: 'lots', expectedStock: 1 }, 400],
        [{ productId: basil.productId, stock: 5 }, 400],
        [{ productId: optioned._id, stock: 5, expectedStock: 0 }, 400], // a product in options needs the option
        [{ productId: basil.productId, variantId: optioned.variants[0]!._id, stock: 5, expectedStock: 1 }, 404],
        [{ productId: 'nosuchproduct', stock: 5, expectedStock: 0 }, 404],
      ] as const) {
        const res = await adjust(body);
        expect([res.status, res.body.error]).toEqual([status, true]);
      }
      const afterRefusals = (await allPages(5, 100)).items;
      expect(afterRefusals.find((i) => i.productId === basil.productId)!.available).toBe(1);

      const set = await adjust({ productId: basil.productId, stock: 40, expectedStock: 1 });
      expect(set.status).toBe(200);
      expect(set.body.data).toEqual({ productId: basil.productId, variantId: null, available: 40 });
      const option = await adjust({ productId: small.productId, variantId: small.variantId, stock: 30, expectedStock: 2 });
      expect(option.status).toBe(200);
      expect(option.body.data.available).toBe(30);
      const after = (await allPages(5, 100)).items;
      expect(after.some((i) => i.productId === basil.productId)).toBe(false);
      expect(after.some((i) => i.variantId === small.variantId)).toBe(false);
      expect(after.some((i) => i.productName === 'Restock Fennel' && i.variantName === 'Large')).toBe(true);
      // The shop sells what was set, and the ledger says who set it.
      const details = await api(t).post('/api/product/get-product-details').send({ productId: small.productId });
      expect(details.body.data.variants.find((v: { _id: string }) => v._id === small.variantId).stock).toBe(30);
      const [moved] = await rows<{ n: number }>(
        sql`select count(*)::int as n from stock_movements where variant_id = ${small.variantId} and reason = 'adjustment' and admin_id is not null`,
      );
      expect(Number(moved!.n)).toBe(1);
    });
  });
});
