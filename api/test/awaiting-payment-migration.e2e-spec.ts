import { rmSync } from 'node:fs';
import { MIGRATIONS_DIR } from '../src/db/database.js';
import { DB_KINDS } from './harness.js';
import { migrationsBefore, openMigrationDb, type MigrationDb } from './migration-db.js';

/**
 * The migration that lets one card order per account await its payment
 * (docs/decisions/0213-one-card-payment-waits-per-account.md), run on a shop that already holds several
 * for one account, as parallel checkouts left them: the newest stays, the older ones expire by the
 * inventory's rules (their reservations back with an `expiry` ledger row, the account's hold and the
 * coupon use given back), and from then on the database refuses a second one.
 */
describe.each(DB_KINDS)('the one-awaiting-payment migration on %s', (kind) => {
  let db: MigrationDb;
  let before: string;

  beforeAll(async () => {
    db = await openMigrationDb(kind);
    before = migrationsBefore('0025_');
    await db.migrate(before);
    await db.exec(`
      insert into users (id, name, email, role) values ('u1', 'Asha', 'asha@test.local', 'USER'), ('u2', 'Ravi', 'ravi@test.local', 'USER');
      insert into products (id, name, unit, product_type, price, discount) values ('salt', 'Salt', 'pack', 'fixed', 20, 0);
      insert into inventory_levels (id, on_hand, reserved, product_id, options) values ('L1', 20, 12, 'salt', 0);
      insert into product_variants (id, product_id, is_default, inventory_level_id) values ('V1', 'salt', true, 'L1');
      insert into coupons (id, code, type, value, starts_at, ends_at, used) values ('K1', 'DIWALI', 'flat', 5, now() - interval '1 day', now() + interval '1 day', 1);
      insert into coupon_redemptions (coupon_id, user_id, uses, cap) values ('K1', 'u1', 1, 3);
      insert into orders (id, user_id, payment_method, payment_status, status, status_history, sub_total_amt, total_amt, quantity, held_units,
                          delivery_address, coupon_id, coupon_code, discount_amt, created_at) values
        ('HTOLD0001', 'u1', 'CARD', 'AWAITING_PAYMENT', null, '[]', 40, 35, 2, 2, '{}', 'K1', 'DIWALI', 5, now() - interval '3 minutes'),
        ('HTOLD0002', 'u1', 'CARD', 'AWAITING_PAYMENT', null, '[]', 60, 60, 3, 3, '{}', null, null, 0, now() - interval '2 minutes'),
        ('HTNEW0003', 'u1', 'CARD', 'AWAITING_PAYMENT', null, '[]', 20, 20, 1, 1, '{}', null, null, 0, now() - interval '1 minute'),
        ('HTCOD0004', 'u1', 'COD', 'CASH ON DELIVERY', 'PLACED', '[{"status":"PLACED","updatedAt":"2026-11-25T10:00:00.000Z"}]', 40, 40, 2, 2, '{}', null, null, 0, now() - interval '4 minutes'),
        ('HTONE0005', 'u2', 'CARD', 'AWAITING_PAYMENT', null, '[]', 80, 80, 4, 4, '{}', null, null, 0, now() - interval '5 minutes');
      insert into stock_movements (inventory_level_id, variant_id, reason, reserved_delta, order_id) values
        ('L1', 'V1', 'order', 2, 'HTOLD0001'), ('L1', 'V1', 'order', 3, 'HTOLD0002'), ('L1', 'V1', 'order', 1, 'HTNEW0003'),
        ('L1', 'V1', 'order', 2, 'HTCOD0004'), ('L1', 'V1', 'order', 4, 'HTONE0005');
      insert into account_holds (user_id, units, cap) values ('u1', 8, 50), ('u2', 4, 50);
    `);
    await db.migrate(MIGRATIONS_DIR);
  });
  afterAll(async () => {
    await db?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('keeps each account’s newest card order awaiting payment and expires the older ones', async () => {
    const rows = await db.query<{ id: string; payment_status: string; status: string | null; held_units: number; last: string | null }>(
      `select id, payment_status, status, held_units, status_history -> -1 ->> 'status' as last from orders order by id`,
    );
    expect(rows).toEqual([
      { id: 'HTCOD0004', payment_status: 'CASH ON DELIVERY', status: 'PLACED', held_units: 2, last: 'PLACED' },
      { id: 'HTNEW0003', payment_status: 'AWAITING_PAYMENT', status: null, held_units: 1, last: null },
      { id: 'HTOLD0001', payment_status: 'CANCELLED', status: 'CANCELLED', held_units: 0, last: 'CANCELLED' },
      { id: 'HTOLD0002', payment_status: 'CANCELLED', status: 'CANCELLED', held_units: 0, last: 'CANCELLED' },
      { id: 'HTONE0005', payment_status: 'AWAITING_PAYMENT', status: null, held_units: 4, last: null },
    ]);
  });

  it('gives the expired orders’ units back to sale with an expiry ledger row each, and their hold and coupon use', async () => {
    const [level] = await db.query<{ on_hand: number; reserved: number }>(`select on_hand, reserved from inventory_levels where id = 'L1'`);
    expect(level).toEqual({ on_hand: 20, reserved: 7 }); // 12 less the 2 + 3 of the expired orders
    const expiries = await db.query<{ order_id: string; reserved_delta: number; on_hand_delta: number }>(
      `select order_id, reserved_delta, on_hand_delta from stock_movements where reason = 'expiry' order by order_id`,
    );
    expect(expiries).toEqual([
      { order_id: 'HTOLD0001', reserved_delta: -2, on_hand_delta: 0 },
      { order_id: 'HTOLD0002', reserved_delta: -3, on_hand_delta: 0 },
    ]);
    // The ledger still explains the pool: what its rows leave reserved is what the pool holds.
    const [sum] = await db.query<{ reserved: number }>(`select sum(reserved_delta)::int as reserved from stock_movements where inventory_level_id = 'L1'`);
    expect(sum?.reserved).toBe(7);
    expect(await db.query(`select user_id, units from account_holds order by user_id`)).toEqual([
      { user_id: 'u1', units: 3 }, // the newest card order's 1 and the cash order's 2
      { user_id: 'u2', units: 4 },
    ]);
    expect(await db.query(`select used from coupons where id = 'K1'`)).toEqual([{ used: 0 }]);
    expect(await db.query(`select uses from coupon_redemptions where coupon_id = 'K1'`)).toEqual([{ uses: 0 }]);
  });

  it('refuses a second order awaiting payment for an account from then on, and allows one after the first is settled', async () => {
    const second = `insert into orders (id, user_id, payment_method, payment_status, sub_total_amt, total_amt, quantity, delivery_address)
      values ('HTTWO0006', 'u1', 'CARD', 'AWAITING_PAYMENT', 20, 20, 1, '{}')`;
    await expect(db.exec(second)).rejects.toThrow(/orders_one_awaiting_payment/);
    await db.exec(`update orders set payment_status = 'PAID' where id = 'HTNEW0003'`);
    await db.exec(second);
    expect(await db.query(`select count(*)::int as n from orders where payment_status = 'AWAITING_PAYMENT'`)).toEqual([{ n: 2 }]);
  });
});
