import { and, eq, inArray, sql } from 'drizzle-orm';
import { STATEMENT, type NamedStatement } from '../src/db/database.js';
import { productVariants } from '../src/inventory/inventory.table.js';
import { OrderBatcher } from '../src/orders/order-batch.js';
import { orders } from '../src/orders/orders.table.js';
import { DB_KINDS, adminToken, newCustomer, startApp, type DbKind, type TestApp } from './harness.js';
import { addProduct, openShop, orderToPlace, stockOf } from './order-fixtures.js';
import { waitUntil } from './wait-until.js';

const CAPS = { cap: 50, unverifiedCap: 50 };

/**
 * Group commit (OrderBatcher): orders that arrive while a statement is on its way go together in the next one,
 * whatever they buy, and each still gets the answer it would get alone. The statements are the shop's own, on
 * its database; the test only counts them on their way.
 */
describe.each(DB_KINDS)('group commit of orders on %s', (kind: DbKind) => {
  let t: TestApp;
  let statement: NamedStatement;
  /** The number of orders in each statement the batcher sent, in order. */
  let lists: number[];
  let counted: NamedStatement;

  beforeAll(async () => {
    t = await startApp(kind);
    statement = t.app.get<NamedStatement>(STATEMENT);
    counted = async (s, values) => {
      const list = (values as { orders?: string }).orders;
      if (list) lists.push((JSON.parse(list) as unknown[]).length);
      return statement(s, values);
    };
  });
  beforeEach(() => {
    lists = [];
  });
  afterAll(() => t.close());

  it('places orders of many products together and answers each as if alone: no unit oversold, every refusal short', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const products = await Promise.all([10, 6, 3].map((stock) => addProduct(t, admin, shop, { price: 10, stock })));
    const [a, b, c] = products.map((p) => p._id) as [string, string, string];
    const shoppers = await Promise.all(Array.from({ length: 24 }, (_, i) => newCustomer(t, `Group ${i}`)));
    const wants: Array<Array<[string, number]>> = shoppers.map(
      (_, i) =>
        [
          [[a, 1 + (i % 2)]],
          [[b, 1]],
          [
            [a, 1],
            [c, 1],
          ],
          [
            [b, 2],
            [c, 1],
          ],
        ][i % 4]! as Array<[string, number]>,
    );
    const batcher = new OrderBatcher(counted, CAPS);
    const placing = shoppers.map((s, i) => orderToPlace(s.id, wants[i]!));
    const placed = await Promise.all(placing.map((o) => batcher.place(o)));

    // The first order went at once and alone; the others waited and went together.
    expect(lists[0]).toBe(1);
    expect(Math.max(...lists)).toBeGreaterThan(1);
    expect(lists.length).toBeLessThan(placing.length);

    // What each answer says is what the database holds.
    const written = new Set(
      (
        await t.db
          .select({ id: orders.id })
          .from(orders)
          .where(
            inArray(
              orders.id,
              placing.map((o) => o.row.id),
            ),
          )
      ).map((r) => r.id),
    );
    placing.forEach((o, i) => expect(written.has(o.row.id)).toBe(placed[i]));

    // Each product sold exactly what its placed orders hold, never more than it had.
    const left = new Map<string, number>();
    for (const [id, start] of [
      [a, 10],
      [b, 6],
      [c, 3],
    ] as const) {
      const now = await stockOf(t, id);
      const sold = placing.reduce((sum, o, i) => sum + (placed[i] ? o.lines.filter((l) => l.productId === id).reduce((s, l) => s + l.quantity, 0) : 0), 0);
      expect(now).toBeGreaterThanOrEqual(0);
      expect(start - now).toBe(sold);
      left.set(id, now);
    }
    // A refused order wanted more of some product than is left of it now (stock only went down meanwhile).
    placing.forEach((o, i) => {
      if (!placed[i]) expect(o.lines.some((l) => l.quantity > left.get(l.productId!)!)).toBe(true);
    });
    expect(placed.filter(Boolean).length).toBeGreaterThan(0);
  });

  // PostgreSQL only: PGlite has one connection, so a transaction holding a lock there holds every statement.
  if (kind === 'postgres')
    it('a statement waiting on a lock holds back the orders behind it only for a moment', async () => {
      const admin = await adminToken(t);
      const shop = await openShop(t, admin);
      const [locked, free] = await Promise.all([addProduct(t, admin, shop, { price: 10, stock: 5 }), addProduct(t, admin, shop, { price: 10, stock: 5 })]);
      const [first, second] = await Promise.all([newCustomer(t, 'Waits'), newCustomer(t, 'Goes on')]);
      const [variant] = await t.db
        .select({ levelId: productVariants.inventoryLevelId })
        .from(productVariants)
        .where(and(eq(productVariants.productId, locked._id), eq(productVariants.isDefault, true)));
      const batcher = new OrderBatcher(counted, CAPS);

      // An admin's stock write holds the first product's pool locked (as a slow transaction on another connection would).
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const admin$ = t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from inventory_levels where id = ${variant!.levelId} for update`);
        holding();
        await released;
      });
      await held;

      // The first order's statement takes the turn at once and waits on the lock.
      const waiting = batcher.place(orderToPlace(first.id, [[locked._id, 1]]));
      let firstDone = false;
      void waiting.then(() => (firstDone = true));
      // The next order, of another product, does not wait for the lock: it goes in a statement of its own.
      let next: boolean | 'waiting' = 'waiting';
      void batcher.place(orderToPlace(second.id, [[free._id, 1]])).then((placed) => (next = placed));
      let answered: boolean | 'waiting';
      try {
        answered = await waitUntil(() => next, {
          timeoutMs: 2_000,
          until: (v) => v !== 'waiting',
          message: 'the order of the free product to be answered while the other waits on its lock',
        });
      } finally {
        release(); // the lock goes whatever happened, or the app could not close
      }
      expect(answered).toBe(true);
      expect(firstDone).toBe(false);

      await admin$;
      expect(await waiting).toBe(true);
      expect(await stockOf(t, locked._id)).toBe(4);
    });
});
