import { eq, inArray } from 'drizzle-orm';
import { STATEMENT, type NamedStatement } from '../src/db/database.js';
import { accountHolds, stockMovements } from '../src/inventory/inventory.table.js';
import { placeOrders } from '../src/orders/order-statement.js';
import { orderLines, orders } from '../src/orders/orders.table.js';
import { DB_KINDS, adminToken, newCustomer, startApp, type DbKind, type TestApp } from './harness.js';
import { addProduct, cartOf, openShop, orderToPlace as order, putInCart, stockOf } from './order-fixtures.js';

/**
 * The order statement itself (placeOrders), given a list as a batch would give it: every order of the list
 * is decided in one statement, first come first served, all of an order's lines or none. This is where the
 * rule is checked whole: several pools, orders of several lines, a price that moved, and an account's hold.
 */
describe.each(DB_KINDS)('the order statement on %s', (kind: DbKind) => {
  let t: TestApp;
  let statement: NamedStatement;

  beforeAll(async () => {
    t = await startApp(kind);
    statement = t.app.get<NamedStatement>(STATEMENT);
  });
  afterAll(() => t.close());

  it('decides a list first come first served, all of an order’s lines or none, and writes only the winners', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const a = await addProduct(t, admin, shop, { price: 10, stock: 3 });
    const b = await addProduct(t, admin, shop, { price: 10, stock: 2 });
    const users = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => newCustomer(t, `Statement ${i}`)));
    for (const u of users) {
      await putInCart(t, u.id, a._id, 1);
      await putInCart(t, u.id, b._id, 1);
    }
    const list = [
      order(users[0]!.id, [
        [a._id, 2],
        [b._id, 1],
      ]), // fits: a 3 → 1, b 2 → 1
      order(users[1]!.id, [[a._id, 2]]), // a has 1 left after the first: loses
      order(users[2]!.id, [[b._id, 1]]), // b 1 → 0
      order(users[3]!.id, [
        [a._id, 1],
        [b._id, 1],
      ]), // b is gone: loses, and takes no unit of a
      order(users[4]!.id, [[a._id, 1]], { price: 9 }), // priced at a price the product does not have: never counted
      order(users[5]!.id, [[a._id, 1]], { clearCart: false }), // counted behind the two losers before it: loses here, fits alone
    ];
    const outcome = await placeOrders(statement, list, { cap: 50, unverifiedCap: 50 });

    const ids = list.map((o) => o.row.id);
    expect([...outcome.placed].sort()).toEqual([ids[0], ids[2]].sort());
    // The fullest pool (a) has one unit left: the caller tries again alone each loser that wants no more.
    expect(outcome.left).toBe(1);
    expect(await stockOf(t, a._id)).toBe(1);
    expect(await stockOf(t, b._id)).toBe(0);

    const written = await t.db.select({ id: orders.id, heldUnits: orders.heldUnits }).from(orders).where(inArray(orders.id, ids));
    expect(written.map((o) => o.id).sort()).toEqual([ids[0], ids[2]].sort());
    const lines = await t.db.select({ orderId: orderLines.orderId, quantity: orderLines.quantity }).from(orderLines).where(inArray(orderLines.orderId, ids));
    expect(lines.map((l) => `${l.orderId === ids[0] ? 0 : 2}:${l.quantity}`).sort()).toEqual(['0:1', '0:2', '2:1']);
    // One ledger row per winning line, none for the losers.
    const ledger = await t.db
      .select({ orderId: stockMovements.orderId, reserved: stockMovements.reservedDelta })
      .from(stockMovements)
      .where(inArray(stockMovements.orderId, ids));
    expect(ledger.map((m) => `${m.orderId === ids[0] ? 0 : 2}:${m.reserved}`).sort()).toEqual(['0:1', '0:2', '2:1']);
    // The winners' accounts hold their units; the losers' hold nothing.
    const holds = await t.db
      .select({ userId: accountHolds.userId, units: accountHolds.units })
      .from(accountHolds)
      .where(
        inArray(
          accountHolds.userId,
          users.map((u) => u.id),
        ),
      );
    expect(Object.fromEntries(holds.filter((h) => h.units > 0).map((h) => [h.userId, h.units]))).toEqual({ [users[0]!.id]: 3, [users[2]!.id]: 1 });
    // The ordered lines left the winners' carts only: the first winner's both lines, the second's b.
    expect(await cartOf(t, users[0]!.id)).toEqual([]);
    expect((await cartOf(t, users[2]!.id)).map((l) => l.productId)).toEqual([a._id]);
    for (const loser of [1, 3, 4, 5]) expect(await cartOf(t, users[loser]!.id)).toHaveLength(2);

    // Alone, the last loser gets the exact answer: its one unit is there.
    const again = await placeOrders(statement, [list[5]!], { cap: 50, unverifiedCap: 50 });
    expect([...again.placed]).toEqual([ids[5]]);
    expect(await stockOf(t, a._id)).toBe(0);
    // A card order keeps its cart lines until it is paid (clearCart false).
    expect(await cartOf(t, users[5]!.id)).toHaveLength(2);
  });

  it('fails the whole list, stock included, when one account would pass its hold', async () => {
    const admin = await adminToken(t);
    const shop = await openShop(t, admin);
    const a = await addProduct(t, admin, shop, { price: 10, stock: 20 });
    const [u, v] = await Promise.all([newCustomer(t, 'Hold one'), newCustomer(t, 'Hold two')]);
    const list = [order(u.id, [[a._id, 3]]), order(v.id, [[a._id, 2]]), order(u.id, [[a._id, 3]])];
    await expect(placeOrders(statement, list, { cap: 5, unverifiedCap: 5 })).rejects.toMatchObject({
      message: expect.stringMatching(/account_holds_within_cap/),
    });
    expect(await stockOf(t, a._id)).toBe(20);
    const written = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.id,
          list.map((o) => o.row.id),
        ),
      );
    expect(written).toEqual([]);
    expect((await t.db.select().from(accountHolds).where(eq(accountHolds.userId, u.id))).filter((h) => h.units > 0)).toEqual([]);
  });
});
