import { eq, like, sql } from 'drizzle-orm';
import { OrderLifecycle, lockOrder } from '../src/orders/index.js';
import { orders } from '../src/orders/orders.table.js';
import { orderReturns } from '../src/orders/returns.table.js';
import { jobs } from '../src/jobs/jobs.table.js';
import { users } from '../src/users/users.table.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, type Shop } from './order-fixtures.js';
import { waitForMail } from './accounts-fixtures.js';
import { readMail } from './mail-reading.js';

/** A mail's header, its folded lines joined. */
const header = (mail: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
    .exec(mail)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();

/** Order notices are queued in the transaction (or statement) that changes the order (docs/decisions/0040-push-notices.md). */
describe.each(PORTABLE_DB_KINDS)('order notices queued with the change on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  beforeAll(async () => {
    t = await startApp(kind, { PUBLIC_URL: 'https://shop.test' });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
  });
  afterAll(() => t.close());

  async function placed(price = 120) {
    const c = await newCustomer(t);
    const addressId = await addAddress(t, c.id);
    const p = await addProduct(t, admin, shop, { price, stock: 5 });
    const res = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(c.token))
      .send({ list_items: [line(p, 1)], totalAmt: price, address: addressId });
    expect(res.status).toBe(201);
    return { c, orderId: res.body.data.orderId as string, productId: p._id };
  }
  const keysOf = async (db: Pick<TestApp['db'], 'select'>, orderId: string) =>
    (
      await db
        .select({ key: jobs.key })
        .from(jobs)
        .where(like(jobs.key, `%${orderId}%`))
    )
      .map((r) => r.key)
      .sort();

  it("a cash order's answer comes with its admins' notice already queued, by the placement's own statement", async () => {
    const { orderId } = await placed();
    // Read at once, before any listener could have run: the statement that wrote the order queued it.
    expect(await keysOf(t.db, orderId)).toEqual([`push:new-order:${orderId}`]);
  });

  it("a move's notices exist inside its transaction, and a move rolled back leaves none", async () => {
    const { orderId } = await placed();
    const lifecycle = t.app.get(OrderLifecycle);
    let inside: string[] = [];
    await expect(
      t.db.transaction(async (tx) => {
        const row = await lockOrder(tx, orderId);
        await lifecycle.transitionIn(tx, row!, 'CONFIRMED', 'admin');
        inside = await keysOf(tx, orderId);
        throw new Error('rolled back after the move');
      }),
    ).rejects.toThrow('rolled back after the move');
    const move = `order:${orderId}:PLACED>CONFIRMED`;
    expect(inside).toEqual([`mail:${move}`, `push:${move}`, `push:new-order:${orderId}`].sort());
    // Nothing of the move committed: neither its stage nor its notices.
    expect(await keysOf(t.db, orderId)).toEqual([`push:new-order:${orderId}`]);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe('PLACED');

    const moved = await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'CONFIRMED' });
    expect(moved.status).toBe(200);
    expect(await keysOf(t.db, orderId)).toEqual([`mail:${move}`, `push:${move}`, `push:new-order:${orderId}`].sort());
  });

  /** Notice rows of a return's steps refused by the database while `during` runs, as a failing insert would be. */
  async function refusingReturnNotices<T>(during: () => Promise<T>): Promise<T> {
    await t.db.execute(
      sql.raw(`create or replace function refuse_return_notices() returns trigger language plpgsql as $$
      begin raise exception 'return notices refused (test)'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_return_notices before insert on jobs for each row
      when (new.key like 'mail:return:%' or new.key like 'push:return:%') execute function refuse_return_notices()`),
    );
    try {
      return await during();
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_return_notices on jobs'));
    }
  }

  it("a return's step and its notices commit together: a step whose notices cannot be queued does not happen", async () => {
    const { c, orderId, productId } = await placed();
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' })).status).toBe(200);
    const ask = () =>
      api(t)
        .post('/api/order/return')
        .set(bearer(c.token))
        .send({ orderId, items: [{ productId, quantity: 1 }], reason: 'Leaks at the lid' });
    const returnsOf = async () => t.db.select({ id: orderReturns.id, status: orderReturns.status }).from(orderReturns).where(eq(orderReturns.orderId, orderId));

    const refused = await refusingReturnNotices(ask);
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(await returnsOf()).toEqual([]);

    const asked = await ask();
    expect(asked.status).toBe(201);
    const returnId = asked.body.data._id as string;
    // Read at once: the request's own transaction queued them.
    expect(await keysOf(t.db, returnId)).toEqual([`mail:return:${returnId}:REQUESTED`, `push:return:${returnId}:REQUESTED`]);

    const move = () => api(t).post('/api/order/admin/return-status').set(bearer(admin)).send({ returnId, status: 'APPROVED' });
    expect((await refusingReturnNotices(move)).status).toBeGreaterThanOrEqual(500);
    expect(await returnsOf()).toEqual([{ id: returnId, status: 'REQUESTED' }]);
    expect((await move()).status).toBe(200);
    expect(await keysOf(t.db, returnId)).toEqual(
      [`mail:return:${returnId}:REQUESTED`, `push:return:${returnId}:REQUESTED`, `mail:return:${returnId}:APPROVED`, `push:return:${returnId}:APPROVED`].sort(),
    );
  });

  it('mails each stage in the shopper’s language with a one-click unsubscribe, and none once they turn order mails off', async () => {
    const { c, orderId } = await placed();
    await t.db.update(users).set({ language: 'hi-IN' }).where(eq(users.id, c.id));
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'CONFIRMED' })).status).toBe(200);
    const mail = await waitForMail(t, c.email, { matching: new RegExp(orderId) });
    const { subject, text } = readMail(mail);
    expect(subject).toContain('ऑर्डर');
    expect(text).toMatch(new RegExp(`^नमस्ते,\\n\\n.*${orderId}`));
    expect(text).toContain(`https://shop.test/my-orders#order-${orderId}`);
    expect(header(mail, 'List-Unsubscribe')).toMatch(/^<https:\/\/shop\.test\/api\/notices\/unsubscribe\?/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const off = {
      orderUpdates: { push: true, whatsapp: false, email: false },
      backInStock: { push: false, whatsapp: false, email: false },
      priceDrops: { push: false, whatsapp: false, email: false },
    };
    expect((await api(t).put('/api/user/notices').set(bearer(c.token)).send(off)).status).toBe(200);
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'SHIPPED' })).status).toBe(200);
    await expect(waitForMail(t, c.email, { nth: 2, timeoutMs: 3000 })).rejects.toThrow();
  });
});
